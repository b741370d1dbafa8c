import PlatformKit
import XCTest

final class SingleByteCharactersTests: XCTestCase {
    func test_onlyASCIIWithoutCarriageReturns_isReadAsBytes() {
        XCTAssertEqual("ada@example.com".withSingleByteCharacters { $0.count }, 15)
        XCTAssertEqual("".withSingleByteCharacters { $0.count }, 0)
        XCTAssertNil("café".withSingleByteCharacters { $0.count })
        XCTAssertNil("a\r\nb".withSingleByteCharacters { $0.count }, "CR LF is one Character")
        XCTAssertNil("\r".withSingleByteCharacters { $0.count })
    }

    /// Law: on every byte a single-byte string can hold, the byte classes are the `Character`'s.
    func test_byteClasses_areTheCharacterClasses() {
        for byte in UInt8(0)..<0x80 where byte != UInt8(ascii: "\r") {
            let character = Character(Unicode.Scalar(byte))
            XCTAssertEqual(byte.isASCIILetter, character.isLetter, "\(byte)")
            XCTAssertEqual(byte.isASCIIDigit, character.isNumber, "\(byte)")
            XCTAssertEqual(byte.isASCIIWhitespace, character.isWhitespace, "\(byte)")
        }
        for byte in UInt8(0x80)...0xFF {
            XCTAssertFalse(byte.isASCIILetter || byte.isASCIIDigit || byte.isASCIIWhitespace, "\(byte)")
        }
    }

    /// Law: `firstIndex(ofASCII:)` finds what `firstIndex(of:)` finds, whatever the text.
    func test_firstIndexOfASCII_matchesTheCharacterSearch() {
        var generator = SeededGenerator(seed: 7)
        let pieces = ["a", "$", "@", " ", "\r", "\n", "\r\n", "é", "\u{301}", "🙂", "Z", "9"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for scalar in ["$", "@", "\n"] as [Unicode.Scalar] {
                XCTAssertEqual(text.firstIndex(ofASCII: scalar), text.firstIndex(of: Character(scalar)), "\(text.debugDescription) \(scalar)")
            }
        }
        XCTAssertNil("$\u{301}x".firstIndex(ofASCII: "$"), "a $ joined with a combining mark is another Character")
    }
}
