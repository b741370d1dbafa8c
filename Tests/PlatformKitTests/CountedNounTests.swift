import PlatformKit
import XCTest

final class CountedNounTests: XCTestCase {
    func test_oneIsSingular_everyOtherCountPlural() {
        XCTAssertEqual(1.counted("trip"), "1 trip")
        XCTAssertEqual(0.counted("trip"), "0 trips")
        XCTAssertEqual(Int64(2).counted("event"), "2 events")
        XCTAssertEqual((-1).counted("point"), "-1 points")
    }
}
