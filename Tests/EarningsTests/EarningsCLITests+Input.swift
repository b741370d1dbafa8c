import EventLogTestSupport
import Foundation
import XCTest

/// Bad input to `earnings`: one line naming the file and JSON path (or the option), exit 1, no
/// log half-written; and the default "now".
extension EarningsCLITests {
    /// An offset that moves a time past years 0000–9999 in UTC is refused (it printed year 10000).
    func test_time_withAnOffset_isWithinYears0To9999InUTC() throws {
        for (time, utc) in [("9999-12-31T23:59:59-01:00", "10000-01-01T00:59:59.000Z"), ("0000-01-01T00:00:00+01:00", "-0001-12-31T23:00:00.000Z")] {
            let result = try earnings("tracker", "--cards", fixture("cards.json"), "--now", time)
            XCTAssertEqual(result.status, 1, time)
            XCTAssertEqual(result.error, "earnings: invalid time \"\(time)\": it is \(utc) in UTC, outside years 0000 to 9999\n")
        }
        XCTAssertEqual(try earnings("tracker", "--cards", fixture("cards.json"), "--now", "9999-12-31T23:59:59+01:00").status, 0)
    }
}
