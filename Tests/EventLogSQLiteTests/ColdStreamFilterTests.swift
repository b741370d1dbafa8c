@testable import EventLogSQLite
import XCTest

/// The writer skips looking up a stream the filter says it never dropped, so the filter must
/// never miss a name it was given; and it should rarely claim one it was not.
final class ColdStreamFilterTests: XCTestCase {
    func test_empty_holdsNothing() {
        XCTAssertFalse(ColdStreamFilter().mayContain("trips/driver-1"))
    }

    /// 100 000 names over five layers (the first holds 1 000): every one is found, and few of
    /// 100 000 others are claimed (each layer adds its share).
    func test_holdsEveryName_andClaimsFewOthers() {
        var filter = ColdStreamFilter(capacity: 1_000)
        for index in 0..<100_000 { filter.insert("onboarding/attempt-\(index)") }
        XCTAssertTrue((0..<100_000).allSatisfy { filter.mayContain("onboarding/attempt-\($0)") })
        let claimed = (0..<100_000).filter { filter.mayContain("ooa/trip-\($0)") }.count
        XCTAssertLessThan(claimed, 2_500, "false positives: \(claimed) of 100 000")
    }
}
