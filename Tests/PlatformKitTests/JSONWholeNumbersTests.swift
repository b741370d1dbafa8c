import Foundation
import PlatformKit
import XCTest

final class JSONWholeNumbersTests: XCTestCase {
    func test_namesTheFirstNumberNoInt64Holds_bySortedPath() {
        func first(_ json: String) -> String? { JSONWholeNumbers.firstNotWhole(in: Data(json.utf8)) }
        XCTAssertEqual(first(#"{"b": {"c": [1, 2, 2.5]}, "a": 3}"#), "b.c[2]")
        XCTAssertEqual(first(#"{"z": 1.5, "a": 18446744073709551616}"#), "a", "keys in sorted order; 2^64 is too large")
        XCTAssertEqual(first(#"[{"x": -9223372036854775808}, {"y": 1e300}]"#), "[1].y")
        XCTAssertNil(first(#"{"a": 1, "b": true, "c": false, "d": null, "e": "2.5", "f": 2.0}"#), "whole numbers, booleans and text are fine")
        XCTAssertNil(first("{ not json"))
    }

    func test_firstNumber_namesTheFirstOfTheFieldsThatMatches() throws {
        let document = try JSONSerialization.jsonObject(with: Data(#"{"b": [{"at": 5}, {"at": 50, "n": 99}], "a": {"at": 1}}"#.utf8))
        XCTAssertEqual(JSONWholeNumbers.firstNumber(in: document, fields: ["at"]) { $0.intValue > 4 }, "b[0].at")
        XCTAssertEqual(JSONWholeNumbers.firstNumber(in: document) { $0.intValue > 60 }, "b[1].n")
        XCTAssertNil(JSONWholeNumbers.firstNumber(in: document, fields: ["at"]) { $0.intValue > 60 })
    }
}
