import Foundation
import PlatformKit
import XCTest

final class VirtualClockTests: XCTestCase {
    func test_init_startsAtEpochByDefault() {
        XCTAssertEqual(VirtualClock().now, .epoch)
        XCTAssertEqual(VirtualClock(start: Instant(millisecondsSinceEpoch: 7)).now.millisecondsSinceEpoch, 7)
    }

    func test_advance_movesForwardByTheDuration() {
        let clock = VirtualClock()
        clock.advance(by: .seconds(3))
        clock.advance(by: .milliseconds(250))
        XCTAssertEqual(clock.now.millisecondsSinceEpoch, 3_250)
    }

    func test_advance_ignoresNegativeDurations() {
        let clock = VirtualClock(start: Instant(millisecondsSinceEpoch: 1_000))
        clock.advance(by: .milliseconds(-400))
        XCTAssertEqual(clock.now.millisecondsSinceEpoch, 1_000)
    }

    func test_set_movesToALaterInstant() {
        let clock = VirtualClock()
        clock.set(to: Instant(millisecondsSinceEpoch: 5_000))
        XCTAssertEqual(clock.now.millisecondsSinceEpoch, 5_000)
    }

    func test_set_neverMovesBackwards() {
        let clock = VirtualClock(start: Instant(millisecondsSinceEpoch: 5_000))
        clock.set(to: Instant(millisecondsSinceEpoch: 4_999))
        XCTAssertEqual(clock.now.millisecondsSinceEpoch, 5_000)
    }

    func test_advance_isThreadSafe() {
        let clock = VirtualClock()
        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in
            clock.advance(by: .milliseconds(1))
        }
        XCTAssertEqual(clock.now.millisecondsSinceEpoch, 1_000)
    }
}
