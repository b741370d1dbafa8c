import EventLog
import EventLogTestSupport
import Foundation
@testable import OnboardingService
import PlatformKit
import XCTest

/// The accounts are encoded as one run of records: alike with and without `Codable`, whole and
/// in chunks, and malformed records are refused, never read past.
final class AccountRecordsTests: XCTestCase {
    private func state(_ count: Int) -> OnboardingState {
        var random = SeededGenerator(seed: UInt64(count))
        var state = OnboardingState()
        for number in 0..<count {
            let hex = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &random)) }.joined()
            let shapes: [Account] = [
                Account(id: "account-\(number)", market: "us", identifierKeys: [hex], sessions: number),
                Account(
                    id: "account-\(number)", market: "fr", identifierKeys: [hex, "social:\(number)"], maskedMobile: "+33••••••\(number % 100)",
                    maskedEmail: "z•••@example.com", firstName: "Zoë", lastName: "Ångström", passwordDigest: "\(hex)$\(hex)\(hex)", sessions: -number
                ),
                Account(id: hex, market: "", identifierKeys: [], passwordDigest: "no-dollar", sessions: Int.max - number),
            ]
            state.accounts.add(shapes[number % shapes.count])
            state.closedAttempts.insert(number % 5 == 0 ? "attempt-ë-\(number)" : "attempt-\(number)")
        }
        return state
    }

    func test_records_codeLikeCodable_forEveryShapeOfAccount() throws {
        for count in [0, 1, 3, 200] {
            let state = state(count)
            try assertEncodesLikeCodable(state)
            try assertDecodesLikeCodable(state)
            XCTAssertEqual(try JSONDecoder().decode(OnboardingState.self, from: JSONEncoder().encode(state)), state)
        }
    }

    func test_records_inChunks_joinIntoTheWholeEncoding() throws {
        let state = state(500)
        let whole = try BinaryEncoder().encode(state)
        for chunkSize in [1, 64, 4_096] {
            let chunks = EncodedStateBytes()
            XCTAssertEqual(try BinaryEncoder().encode(state, inChunksOf: chunkSize, to: .collecting(into: chunks)), whole.count)
            assertSameBytes([UInt8](chunks.bytes), whole, "chunks of \(chunkSize)")
        }
    }

    func test_decodedRecords_findEveryAccountByItsId_andEveryKeysOwner() throws {
        let state = state(300)
        let decoded = try BinaryDecoder().decode(OnboardingState.self, from: BinaryEncoder().encode(state))
        for account in state.accounts.all {
            XCTAssertEqual(decoded.accounts[account.id], account, "found by its id, text or hex")
            for key in account.identifierKeys {
                XCTAssertEqual(decoded.accounts.owner(of: IdentifierKey(key)), state.accounts.owner(of: IdentifierKey(key)))
            }
        }
    }

    func test_malformedRecords_areRefused_asCodableRefusesThem() throws {
        let valid = try BinaryEncoder().encode(state(6))
        let inputs = malformedInputs(of: valid, mutations: 3_000, seed: 3)
        var codable = BinaryDecoder()
        codable.usesBinaryDecodable = false
        var refused = 0
        for input in inputs {
            let fast = try? BinaryDecoder().decode(OnboardingState.self, from: input)
            XCTAssertEqual(fast, try? codable.decode(OnboardingState.self, from: input))
            if fast == nil { refused += 1 }
        }
        XCTAssertGreaterThan(refused, valid.count, "every cut input and many mutated ones")
    }

    func test_recordsWithoutAnIdOrWithBytesAfterThem_areRefused_namingTheProblem() throws {
        func records(_ bytes: [UInt8]) -> String {
            do {
                _ = try AccountTable(records: bytes[...])
                return "decoded"
            } catch {
                return "\(error)"
            }
        }
        // One account: sessions 0, then 8 packed fields: a nil id, market "us", six nils.
        XCTAssertTrue(records([1, 0, 10, 0, 5, 117, 115, 0, 0, 0, 0, 0, 0]).contains("account 0 is malformed"))
        XCTAssertTrue(records([1, 0, 12, 3, 97, 5, 117, 115, 0, 0, 0, 0, 0, 0]).contains("account 0 runs past the end"))
        XCTAssertEqual(records([1, 0, 11, 3, 97, 5, 117, 115, 0, 0, 0, 0, 0, 0]), "decoded")
        XCTAssertTrue(records([1, 0, 11, 3, 97, 5, 117, 115, 0, 0, 0, 0, 0, 0, 9]).contains("1 byte(s) after the last account"))
        XCTAssertTrue(records([200, 1]).contains("200 accounts in 2 bytes"))
        XCTAssertTrue(records([0x80]).contains("the number of accounts runs past the end"))
        // A text field that is not UTF-8.
        XCTAssertTrue(records([1, 0, 11, 3, 0xFF, 5, 117, 115, 0, 0, 0, 0, 0, 0]).contains("account 0 is malformed"))
    }
}
