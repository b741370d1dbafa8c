import EventLog
@testable import OnboardingService
import XCTest

/// `IdentifierKey` keeps hex digests as bytes and any other text as is; both read back exactly.
final class IdentifierKeyTests: XCTestCase {
    func test_text_readsBackExactly_forDigestsAndOtherText() {
        let digest = "0123456789abcdef00ff10e0a1b2c3d4"
        for text in [digest, digest.uppercased(), String(digest.dropLast()), digest + "0", "", "é€ key", "0123456789abcdeg00ff10e0a1b2c3d4"] {
            XCTAssertEqual(IdentifierKey(text).text, text)
            XCTAssertEqual(text.utf8.withContiguousStorageIfAvailable { IdentifierKey(keyUTF8: $0)?.text } ?? nil, text)
        }
    }

    /// A key read from an account's packed fields is the key of the text that was packed.
    func test_aKeyReadFromPackedFields_isTheKeyOfItsText() {
        let digest = "0123456789abcdef00ff10e0a1b2c3d4"
        let texts = [digest, "ffffffffffffffff0000000000000001", digest.uppercased(), String(digest.dropLast(2)), digest + "00", "ab", "é€ key"]
        PackedStrings(texts).withPackedBytes { packed in
            var read = [IdentifierKey]()
            PackedStrings.forEachPackedField(of: packed, from: 0) { field, isHex in
                read.append(field.flatMap { IdentifierKey(packed: $0, isHex: isHex) } ?? IdentifierKey("<nil>"))
            }
            XCTAssertEqual(read, texts.map(IdentifierKey.init))
            XCTAssertEqual(read.map(\.text), texts)
            var fromThird = [String]()
            PackedStrings.forEachPackedField(of: packed, from: 2) { field, isHex in fromThird.append(IdentifierKey(packed: field!, isHex: isHex)!.text) }
            XCTAssertEqual(fromThird, Array(texts.dropFirst(2)))
        }
    }

    func test_equalKeys_areEqualAndHashAlike_differentOnesAreNot() {
        let digest = "ffffffffffffffff0000000000000001"
        XCTAssertEqual(IdentifierKey(digest), IdentifierKey(String(digest)))
        XCTAssertEqual(Set([IdentifierKey(digest), IdentifierKey(digest)]).count, 1)
        XCTAssertNotEqual(IdentifierKey(digest), IdentifierKey("ffffffffffffffff0000000000000002"))
        XCTAssertNotEqual(IdentifierKey(digest), IdentifierKey(digest.uppercased()))
        XCTAssertNotEqual(IdentifierKey("0000000000000001ffffffffffffffff"), IdentifierKey("ffffffffffffffff0000000000000001"))
    }

    func test_aDictionaryKeyedByIt_codesAsOneKeyedByItsText() throws {
        let keys = ["0123456789abcdef00ff10e0a1b2c3d4", "ABCDEF", "x"]
        let byKey = Dictionary(uniqueKeysWithValues: keys.map { (IdentifierKey($0), $0.count) })
        let byText = Dictionary(uniqueKeysWithValues: keys.map { ($0, $0.count) })
        let decoded = try JSONDecoder().decode([String: Int].self, from: JSONEncoder().encode(byKey))
        XCTAssertEqual(decoded, byText)
        XCTAssertEqual(try JSONDecoder().decode([IdentifierKey: Int].self, from: JSONEncoder().encode(byText)), byKey)
    }
}
