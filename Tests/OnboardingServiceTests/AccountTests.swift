import EventLog
@testable import OnboardingService
import XCTest

/// `Account` packs its strings into one buffer; every property still reads back what was stored.
final class AccountTests: XCTestCase {
    private let long = String(repeating: "ab€", count: 100)

    func test_everyProperty_readsBackWhatWasStored_includingNilEmptyAndLongStrings() {
        let account = Account(
            id: "account-1", market: "", identifierKeys: ["k1", long, ""], maskedMobile: nil, maskedEmail: "r•••@example.com",
            firstName: "Zoë", lastName: nil, passwordDigest: long, sessions: 3
        )
        XCTAssertEqual(account.id, "account-1")
        XCTAssertEqual(account.market, "")
        XCTAssertEqual(account.identifierKeys, ["k1", long, ""])
        XCTAssertNil(account.maskedMobile)
        XCTAssertEqual(account.maskedEmail, "r•••@example.com")
        XCTAssertEqual(account.firstName, "Zoë")
        XCTAssertNil(account.lastName)
        XCTAssertEqual(account.passwordDigest, long)
        XCTAssertEqual(account.sessions, 3)
    }

    func test_settingAProperty_changesOnlyThatProperty() {
        var account = Account(id: "a", market: "us", identifierKeys: ["k"], maskedMobile: "+1••••12", firstName: "Ann", passwordDigest: "s$d")
        account.passwordDigest = long
        account.maskedMobile = nil
        account.identifierKeys = ["k", "k2"]
        account.sessions += 1
        XCTAssertEqual(
            account,
            Account(id: "a", market: "us", identifierKeys: ["k", "k2"], firstName: "Ann", passwordDigest: long, sessions: 1)
        )
        account.identifierKeys = []
        XCTAssertEqual(account.identifierKeys, [])
        XCTAssertEqual(account.firstName, "Ann")
    }

    func test_equality_isStringEquality_notByteEquality() {
        let composed = Account(id: "a", market: "fr", identifierKeys: [], firstName: "Zo\u{EB}")
        let decomposed = Account(id: "a", market: "fr", identifierKeys: [], firstName: "Zoe\u{308}")
        XCTAssertEqual(composed, decomposed)
        XCTAssertNotEqual(composed, Account(id: "a", market: "fr", identifierKeys: [], firstName: "Zoe"))
        XCTAssertNotEqual(composed, Account(id: "a", market: "fr", identifierKeys: [], firstName: "Zo\u{EB}", sessions: 1))
        XCTAssertNotEqual(composed, Account(id: "a", market: "fr", identifierKeys: ["k"], firstName: "Zo\u{EB}"))
    }

    func test_decodingAFieldThatIsNotUTF8_failsNamingTheField() throws {
        var bytes = try BinaryEncoder().encode(Account(id: "a", market: "us", identifierKeys: ["k"], lastName: "Qqq"))
        let at = try XCTUnwrap((0..<bytes.count - 2).first { bytes[$0..<$0 + 3].elementsEqual("Qqq".utf8) })
        bytes.replaceSubrange(at..<at + 3, with: [0xFF, 0xFE, 0xFD])
        XCTAssertThrowsError(try BinaryDecoder().decode(Account.self, from: bytes)) { error in
            XCTAssertTrue("\(error)".contains("lastName"), "\(error)")
        }
    }

    func test_theStringsBuffer_keepsNoSpareCapacity_whenMadeSetOrDecoded() throws {
        var account = Account(
            id: "account-12", market: "us", identifierKeys: [String(repeating: "0f", count: 16)], maskedMobile: "+1••••••••43",
            firstName: "Rider", lastName: "Number", passwordDigest: String(repeating: "ab", count: 48)
        )
        XCTAssertLessThan(account.strings.spareCapacity, 32)
        account.maskedEmail = "r•••@example.com"
        XCTAssertLessThan(account.strings.spareCapacity, 32)
        let decoded = try BinaryDecoder().decode(Account.self, from: BinaryEncoder().encode(account))
        XCTAssertEqual(decoded, account)
        XCTAssertLessThan(decoded.strings.spareCapacity, 32)
    }

    func test_hexFields_packIntoHalfTheirDigits_andReadBackAsWritten() throws {
        let key = "0123456789abcdef0123456789abcdef", salt = String(repeating: "5a", count: 16), hash = String(repeating: "c3", count: 32)
        let hexAccount = Account(id: "a", market: "us", identifierKeys: [key, key], passwordDigest: "\(salt)$\(hash)")
        let textAccount = Account(id: "a", market: "us", identifierKeys: [key.uppercased(), key.uppercased()], passwordDigest: "\(salt)-\(hash)")
        XCTAssertEqual(hexAccount.identifierKeys, [key, key])
        XCTAssertEqual(hexAccount.passwordDigest, "\(salt)$\(hash)")
        XCTAssertEqual(textAccount.passwordDigest, "\(salt)-\(hash)")
        XCTAssertLessThan(hexAccount.strings.byteCount, textAccount.strings.byteCount - 80, "16 + 16 + 16 + 32 bytes saved")
        let decoded = try BinaryDecoder().decode(Account.self, from: BinaryEncoder().encode(hexAccount))
        XCTAssertEqual(decoded.strings.byteCount, hexAccount.strings.byteCount)
        XCTAssertEqual(try BinaryEncoder().encode(decoded), try BinaryEncoder().encode(hexAccount))
    }

    func test_textThatIsAlmostHex_andPasswordDigestsOfAnyShape_readBackAsWritten() throws {
        let shapes = ["", "$", "$abcd", "ab$", "abc$abcd", "ab$cd$ef", "AB$cd", "abcd", "abc", "ab cd", "€$€", "0g"]
        for shape in shapes {
            var account = Account(id: "a", market: "us", identifierKeys: [shape], passwordDigest: shape)
            XCTAssertEqual(account.passwordDigest, shape)
            XCTAssertEqual(account.identifierKeys, [shape])
            let decoded = try BinaryDecoder().decode(Account.self, from: BinaryEncoder().encode(account))
            XCTAssertEqual(decoded, account, shape)
            XCTAssertEqual(decoded.passwordDigest, shape)
            account.passwordDigest = nil
            XCTAssertNil(account.passwordDigest)
            account.passwordDigest = shape
            XCTAssertEqual(account, decoded)
        }
    }

    func test_printing_showsTheProperties() {
        let text = "\(Account(id: "account-7", market: "in", identifierKeys: ["k"], firstName: "Rider"))"
        XCTAssertTrue(text.contains("id: \"account-7\"") && text.contains("firstName: Optional(\"Rider\")"), text)
    }
}
