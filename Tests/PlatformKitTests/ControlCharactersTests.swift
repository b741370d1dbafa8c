import PlatformKit
import XCTest

final class ControlCharactersTests: XCTestCase {
    func test_codePoint_isUnicodesName_withAtLeastFourDigits() {
        XCTAssertEqual(Unicode.Scalar(0x00).codePoint, "U+0000")
        XCTAssertEqual(Unicode.Scalar(0x1B).codePoint, "U+001B")
        XCTAssertEqual(("🚕" as Unicode.Scalar).codePoint, "U+1F695")
    }

    func test_controlCharacters_areUnicodesCc() {
        XCTAssertTrue("a\u{0}b".containsControlCharacters)
        XCTAssertTrue("\u{85}".containsControlCharacters)
        XCTAssertFalse("trip-1 🚕".containsControlCharacters)
    }
}
