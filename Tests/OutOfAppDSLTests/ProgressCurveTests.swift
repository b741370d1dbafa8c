import OutOfAppDSL
import PlatformKit
import XCTest

final class ProgressCurveTests: XCTestCase {
    func test_longWait_lastTwoMinutesAreTheLast20Percent() {
        XCTAssertEqual(ProgressCurve.fraction(elapsedSeconds: 0, remainingSeconds: 1_800), 0)
        XCTAssertEqual(ProgressCurve.fraction(elapsedSeconds: 1_680, remainingSeconds: 120), 0.8, accuracy: 1e-9)
        XCTAssertEqual(ProgressCurve.fraction(elapsedSeconds: 840, remainingSeconds: 960), 0.4, accuracy: 1e-9, "halfway to the final stretch")
        XCTAssertEqual(ProgressCurve.fraction(elapsedSeconds: 1_740, remainingSeconds: 60), 0.9, accuracy: 1e-9)
        XCTAssertEqual(ProgressCurve.fraction(elapsedSeconds: 1_800, remainingSeconds: 0), 1)
    }

    func test_waitShorterThanTwoMinutes_startsInTheFinalStretch() {
        XCTAssertEqual(ProgressCurve.fraction(elapsedSeconds: 0, remainingSeconds: 90), 0.85, accuracy: 1e-9)
        XCTAssertEqual(ProgressCurve.fraction(elapsedSeconds: 60, remainingSeconds: 30), 0.95, accuracy: 1e-9)
        XCTAssertEqual(ProgressCurve.fraction(elapsedSeconds: 0, remainingSeconds: 120), 0.8, accuracy: 1e-9)
    }

    func test_etaGrowingDuringTheWait_neverMovesTheBarBackwards() {
        var shown = ProgressCurve.advance(from: 0, elapsedSeconds: 300, remainingSeconds: 420)
        XCTAssertEqual(shown, 0.4, accuracy: 1e-9)
        let grown = ProgressCurve.advance(from: shown, elapsedSeconds: 360, remainingSeconds: 900)
        XCTAssertEqual(grown, shown, "the raw curve fell to \(ProgressCurve.fraction(elapsedSeconds: 360, remainingSeconds: 900))")
        shown = ProgressCurve.advance(from: grown, elapsedSeconds: 900, remainingSeconds: 100)
        XCTAssertGreaterThan(shown, 0.8)
    }

    func test_property_monotoneInElapsedTime_andBounded() {
        let random = RandomSource.seeded(2)
        for _ in 0..<2_000 {
            let total = random.int(in: 1..<4_000)
            var previous = -1.0
            var fill = 0.0
            for elapsed in stride(from: 0, through: total, by: max(1, total / 50)) {
                let jitter = random.int(in: 0..<120)
                let raw = ProgressCurve.fraction(elapsedSeconds: elapsed, remainingSeconds: total - elapsed)
                XCTAssertGreaterThanOrEqual(raw, previous - 1e-12, "steady ETA: the raw curve itself never falls")
                previous = raw
                let next = ProgressCurve.advance(from: fill, elapsedSeconds: elapsed, remainingSeconds: total - elapsed + jitter)
                XCTAssertGreaterThanOrEqual(next, fill)
                XCTAssertTrue((0...1).contains(next))
                fill = next
            }
            let nearEnd = ProgressCurve.fraction(elapsedSeconds: total, remainingSeconds: min(120, total) / 2)
            XCTAssertGreaterThanOrEqual(nearEnd, 0.8, "inside the last 2 minutes the bar is past 80 %")
        }
    }
}
