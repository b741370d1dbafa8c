import PlatformKit
import XCTest

/// `Instant(timestampInSec:)` and `timestampInSec`: whole seconds since the epoch, as network payloads carry them.
final class InstantTimestampTests: XCTestCase {
    func test_initTimestampInSec_countsWholeSecondsFromTheEpoch() {
        XCTAssertEqual(Instant(timestampInSec: 0), .epoch)
        XCTAssertEqual(Instant(timestampInSec: 1_794_787_200), Instant(millisecondsSinceEpoch: 1_794_787_200_000))
        XCTAssertEqual(Instant(timestampInSec: -1), Instant(millisecondsSinceEpoch: -1_000))
    }

    func test_initTimestampInSec_clampsInsteadOfTrapping() {
        XCTAssertEqual(Instant(timestampInSec: .max), Instant(millisecondsSinceEpoch: .max))
        XCTAssertEqual(Instant(timestampInSec: .min), Instant(millisecondsSinceEpoch: .min))
        let largest = Int64.max / 1_000
        XCTAssertEqual(Instant(timestampInSec: largest), Instant(millisecondsSinceEpoch: largest * 1_000), "the largest that fits is exact")
        XCTAssertEqual(Instant(timestampInSec: largest + 1), Instant(millisecondsSinceEpoch: .max), "one more clamps")
        XCTAssertEqual(Instant(timestampInSec: -largest - 1), Instant(millisecondsSinceEpoch: .min), "one less than the smallest clamps")
    }

    func test_timestampInSec_roundsDownTowardThePast() {
        XCTAssertEqual(Instant(millisecondsSinceEpoch: 1_999).timestampInSec, 1)
        XCTAssertEqual(Instant(millisecondsSinceEpoch: 2_000).timestampInSec, 2)
        XCTAssertEqual(Instant(millisecondsSinceEpoch: -1).timestampInSec, -1)
        XCTAssertEqual(Instant(millisecondsSinceEpoch: -1_000).timestampInSec, -1)
        XCTAssertEqual(Instant(millisecondsSinceEpoch: -1_001).timestampInSec, -2)
        XCTAssertEqual(Instant(millisecondsSinceEpoch: .max).timestampInSec, Int64.max / 1_000)
        XCTAssertEqual(Instant(millisecondsSinceEpoch: .min).timestampInSec, Int64.min / 1_000 - 1)
    }

    func test_timestampInSec_undoesInitWhenNotClamped() {
        let random = RandomSource.seeded(7)
        for _ in 0..<1_000 {
            let seconds = Int64(random.int(in: -1_000_000_000_000..<1_000_000_000_000))
            XCTAssertEqual(Instant(timestampInSec: seconds).timestampInSec, seconds)
        }
    }
}
