import PlatformKit
import XCTest

final class ExactStringTests: XCTestCase {
    /// "café" with U+00E9 and with "e" + U+0301: equal as `String`s, two `ExactString`s, in byte order.
    func test_canonicallyEquivalentStrings_areDifferent_andOrderedByTheirBytes() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        XCTAssertEqual(composed, decomposed)
        XCTAssertNotEqual(ExactString(composed), ExactString(decomposed))
        XCTAssertTrue(decomposed.precedesByUTF8(composed), "e (0x65) before 0xC3")
        XCTAssertFalse(composed.precedesByUTF8(decomposed))
        XCTAssertTrue("ab".precedesByUTF8("abc"))
        XCTAssertFalse("abc".precedesByUTF8("abc"))
        XCTAssertTrue("".precedesByUTF8("a"))
        XCTAssertFalse("".precedesByUTF8(""))
    }
}
