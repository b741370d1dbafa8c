import Foundation
import PlatformKit
import XCTest

final class JSONNestingTests: XCTestCase {
    /// Foundation refuses JSON nested deeper than 512 and `JSONDecoder` calls it "not valid JSON".
    func test_findsADocumentTooDeepForFoundation() {
        func nested(_ depth: Int) -> Data { Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8) }
        XCTAssertFalse(JSONNesting.isTooDeep(nested(JSONNesting.parserLimit)))
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: nested(JSONNesting.parserLimit)))
        XCTAssertTrue(JSONNesting.isTooDeep(nested(JSONNesting.parserLimit + 1)))
        XCTAssertNil(try? JSONSerialization.jsonObject(with: nested(JSONNesting.parserLimit + 1)))
        let brackets = Data(("{\"a\": \"" + String(repeating: "[{\\\"", count: 1_000) + "\"}").utf8)
        XCTAssertFalse(JSONNesting.isTooDeep(brackets), "brackets in a string, escaped quotes too")
    }
}
