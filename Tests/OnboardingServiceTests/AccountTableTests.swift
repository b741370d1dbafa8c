import EventLog
@testable import OnboardingService
import PlatformKit
import XCTest

/// `AccountTable` numbers its accounts and derives the owner of every identifier key from them.
final class AccountTableTests: XCTestCase {
    private let keyA = "0123456789abcdef0123456789abcdef", keyB = "fedcba9876543210fedcba9876543210"

    private func account(_ id: String, _ keys: [String], sessions: Int = 0) -> Account {
        Account(id: id, market: "us", identifierKeys: keys, passwordDigest: "00$ff", sessions: sessions)
    }

    func test_aKeysOwner_isTheLatestAccountAddedWithIt_forHexAndOtherKeys() {
        var table = AccountTable()
        table.add(account("a", [keyA, "social:token"]))
        table.add(account("b", [keyB]))
        XCTAssertEqual(table.owner(of: IdentifierKey(keyA)), "a")
        XCTAssertEqual(table.owner(of: IdentifierKey("social:token")), "a")
        XCTAssertEqual(table.owner(of: IdentifierKey(keyB)), "b")
        XCTAssertNil(table.owner(of: IdentifierKey(String(repeating: "e", count: 32))))
        table.add(account("c", [keyA]))
        XCTAssertEqual(table.owner(of: IdentifierKey(keyA)), "c")
        XCTAssertEqual(table.owner(of: IdentifierKey("social:token")), "a")
        XCTAssertEqual(table.count, 3)
        XCTAssertEqual(table.all.map(\.id), ["a", "b", "c"])
    }

    func test_addingAnAccountAgain_replacesIt_asTheLatest() {
        var table = AccountTable()
        table.add(account("a", [keyA]))
        table.add(account("b", [keyA, keyB]))
        table.add(account("a", [keyA], sessions: 4))
        XCTAssertEqual(table.all.map(\.id), ["b", "a"])
        XCTAssertEqual(table["a"]?.sessions, 4)
        XCTAssertEqual(table.owner(of: IdentifierKey(keyA)), "a")
        XCTAssertEqual(table.owner(of: IdentifierKey(keyB)), "b")
    }

    func test_update_changesOneAccount_andUnknownIdsAreIgnored() {
        var table = AccountTable()
        table.add(account("a", [keyA]))
        table.update("a") { $0.sessions += 2 }
        table.update("zz") { $0.sessions += 1 }
        XCTAssertEqual(table["a"]?.sessions, 2)
        XCTAssertNil(table["zz"])
        XCTAssertEqual(table.count, 1)
    }

    func test_decodedTable_hasTheSameAccountsAndOwners() throws {
        var state = OnboardingState()
        state.accounts.add(account("a", [keyA, "x"]))
        state.accounts.add(account("b", [keyA, keyB], sessions: 1))
        for decoded in [
            try BinaryDecoder().decode(OnboardingState.self, from: BinaryEncoder().encode(state)),
            try JSONDecoder().decode(OnboardingState.self, from: JSONEncoder().encode(state)),
        ] {
            XCTAssertEqual(decoded, state)
            XCTAssertEqual(decoded.accounts.owner(of: IdentifierKey(keyA)), "b")
            XCTAssertEqual(decoded.accounts.owner(of: IdentifierKey("x")), "a")
        }
    }

    func test_aPasswordReset_andSessions_changeOnlyThatAccount() {
        var table = AccountTable()
        table.add(account("a", [keyA]))
        table.add(account("b", [keyB]))
        table.update("a") { $0.passwordDigest = "aa$bb" }
        table.addSession(to: "a")
        table.addSession(to: "zz")
        XCTAssertEqual(table["a"]?.passwordDigest, "aa$bb")
        XCTAssertEqual(table["a"]?.sessions, 1)
        XCTAssertEqual(table["b"], account("b", [keyB]))
        XCTAssertEqual(table.owner(of: IdentifierKey(keyA)), "a")
    }

    func test_decodingAnAccountListedTwice_fails() throws {
        let bytes = try BinaryEncoder().encode(OnboardingState())
        var state = OnboardingState()
        state.accounts.add(account("a", [keyA]))
        state.accounts.add(account("b", [keyB]))
        var twice = try BinaryEncoder().encode(state)
        // The id "b" is packed as its header, 3 (one byte of text), then "b".
        let at = try XCTUnwrap((1..<twice.count).first { twice[($0 - 1)...$0].elementsEqual([3, UInt8(ascii: "b")]) })
        twice[at] = UInt8(ascii: "a")
        XCTAssertNoThrow(try BinaryDecoder().decode(OnboardingState.self, from: bytes))
        XCTAssertThrowsError(try BinaryDecoder().decode(OnboardingState.self, from: twice)) { error in
            XCTAssertTrue("\(error)".contains("account a is listed twice"), "\(error)")
        }
    }
}

/// `RecordArena` gives back every record as appended, across blocks and larger than a block.
final class RecordArenaTests: XCTestCase {
    func test_records_readBackAsAppended_acrossBlocks() {
        var arena = RecordArena()
        var generator = SystemRandomNumberGenerator()
        let records: [[UInt8]] = (0..<3_000).map { index in
            let count = index == 1_500 ? 3 << 20 : index % 7 == 0 ? 0 : Int.random(in: 1...2_000, using: &generator)
            return (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
        }
        let locations = records.map { record in record.withUnsafeBufferPointer { arena.append($0) } }
        for (record, location) in zip(records, locations) {
            XCTAssertEqual(arena.withRecord(at: location) { Array($0) }, record)
        }
    }
}

/// `DigitsTable` finds every key it was given, however the keys' bits collide.
final class DigitsTableTests: XCTestCase {
    func test_everyKey_findsItsLatestNumber_andOthersFindNone() {
        assertFindsEveryKey(reservingAfter: nil)
    }

    /// Keys inserted together (a region at a time) end as set one by one: the latest number of a
    /// key given twice wins, and keys already in stay.
    func test_keysInsertedTogether_findTheirLatestNumber_asSetOneByOne() {
        var generator = SystemRandomNumberGenerator()
        let keys = (0..<30_000).map { index in
            index % 4 == 0 ? IdentifierKey.Digits(high: 9, low: UInt64(index % 1_000)) : IdentifierKey.Digits(high: generator.next(), low: generator.next())
        }
        var oneByOne = DigitsTable(), together = DigitsTable()
        for key in keys.prefix(100) { (oneByOne[key], together[key]) = (1, 1) }
        let entries = keys.enumerated().map { DigitsTable.Entry(key: $0.element, number: Int32($0.offset)) }
        for entry in entries { oneByOne[entry.key] = entry.number }
        together.insert(contentsOf: entries)
        XCTAssertEqual(together.count, oneByOne.count)
        for key in keys { XCTAssertEqual(together[key], oneByOne[key]) }
        XCTAssertEqual(together[IdentifierKey.Digits(high: 9, low: 996)], 29_996)
        XCTAssertNil(together[IdentifierKey.Digits(high: 9, low: 1_000)])
    }

    /// Room made part way through (as decoding does first) keeps the keys already in.
    func test_reservingRoom_keepsTheKeys_andFindsEveryKeyAfter() {
        assertFindsEveryKey(reservingAfter: 1_000)
    }

    private func assertFindsEveryKey(reservingAfter reserveAt: Int?, file: StaticString = #filePath, line: UInt = #line) {
        var table = DigitsTable()
        var reference: [IdentifierKey.Digits: Int32] = [:]
        var generator = SystemRandomNumberGenerator()
        // Random keys, and keys that differ only in their high or their low half.
        let keys = (0..<20_000).map { index -> IdentifierKey.Digits in
            switch index % 3 {
            case 0: IdentifierKey.Digits(high: generator.next(), low: generator.next())
            case 1: IdentifierKey.Digits(high: UInt64(index), low: 7)
            default: IdentifierKey.Digits(high: 7, low: UInt64(index) << 40)
            }
        }
        for (index, key) in keys.enumerated() {
            if index == reserveAt { table.reserveCapacity(keys.count) }
            let number = Int32(index % 5_000)
            table[key] = number
            reference[key] = number
        }
        XCTAssertEqual(table.count, reference.count, file: file, line: line)
        for (key, number) in reference { XCTAssertEqual(table[key], number, file: file, line: line) }
        XCTAssertNil(table[IdentifierKey.Digits(high: 1, low: 1 << 63)], file: file, line: line)
        XCTAssertNil(DigitsTable()[IdentifierKey.Digits(high: 0, low: 0)])
    }
}

/// Accounts are found through the table's `IDIndex` by the bytes of their ids.
final class AccountIDTests: XCTestCase {
    func test_accounts_areFoundByTheirIdsBytes_textOrHex() {
        let hexID = "0123456789abcdef0123456789abcdef"
        let ids = [hexID, hexID.uppercased(), "ab", "AB", "abc", "Zoe\u{308}", "Zo\u{EB}"] + (0..<3_000).map { "account-\($0)" }
        var table = AccountTable()
        for (index, id) in ids.enumerated() {
            table.add(Account(id: id, market: "us", identifierKeys: ["key-\(index)"], sessions: index))
        }
        XCTAssertEqual(table.count, ids.count, "decomposed and composed ids are two accounts")
        for (index, id) in ids.enumerated() {
            XCTAssertEqual(table[id]?.sessions, index, id)
            XCTAssertEqual(table.owner(of: IdentifierKey("key-\(index)")), id)
        }
        XCTAssertNil(table["0123456789abcdef0123456789abcde"])
        XCTAssertNil(table["account-3000"])
    }
}
