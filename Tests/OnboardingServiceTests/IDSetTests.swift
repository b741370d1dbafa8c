import EventLog
import EventLogTestSupport
import Foundation
@testable import OnboardingService
import PlatformKit
import XCTest

/// `IDSet` holds ids by their bytes in insertion order, encodes as a `Set<String>` does, reads
/// the snapshots a `Set<String>` wrote, and refuses malformed ones.
final class IDSetTests: XCTestCase {
    /// Ids as a `Set<String>` held them (the encoding before `IDSet`).
    struct OldIDs: Codable { var ids: Set<String> }
    /// Ids as `IDSet` holds them, under the same key.
    struct NewIDs: Codable, Equatable, BinaryEncodable, BinaryDecodable {
        var ids: IDSet
        init(ids: IDSet) { self.ids = ids }
        func encode(to writer: inout BinaryKeyedWriter) { ids.encode(to: &writer, forKey: "ids") }
        init(from reader: inout BinaryKeyedReader) throws { ids = try IDSet(from: &reader, forKey: "ids") }
    }

    private let ids = ["a", "", "Zoë", "Zoe\u{308}", "rider-1234567-1", String(repeating: "long", count: 40)] + (0..<3_000).map { "attempt-\($0)" }

    func test_ids_areHeldByTheirBytes_inTheOrderInserted() {
        var set = IDSet()
        for id in ids { XCTAssertTrue(set.insert(id), id) }
        XCTAssertFalse(set.insert("attempt-7"))
        XCTAssertEqual(set.count, ids.count, "composed and decomposed ids are two ids")
        XCTAssertEqual(Array(set), ids)
        for id in ids { XCTAssertTrue(set.contains(id), id) }
        XCTAssertFalse(set.contains("attempt-3000"))
        XCTAssertFalse(IDSet().contains(""))
        XCTAssertEqual(IDSet(ids.reversed()), set, "equal in any order")
        XCTAssertNotEqual(IDSet(ids.dropLast()), set)
    }

    func test_binaryEncoding_isTheCodableOne_andReadsBack() throws {
        for count in [0, 1, ids.count] {
            let value = NewIDs(ids: IDSet(ids.prefix(count)))
            try assertEncodesLikeCodable(value)
            try assertDecodesLikeCodable(value)
            let encoded = try BinaryEncoder().encode(value)
            let shared = try BinaryKeyedReader.decode(NewIDs.self, sharing: encoded)
            XCTAssertEqual(Array(shared.ids), Array(ids.prefix(count)), "in order")
            var grown = shared.ids
            XCTAssertTrue(grown.insert("after-\(count)"))
            XCTAssertTrue(grown.contains("after-\(count)") && grown.contains(ids[0]) == (count > 0))
        }
        let json = try JSONDecoder().decode(IDSet.self, from: JSONEncoder().encode(IDSet(ids)))
        XCTAssertEqual(Array(json), ids)
    }

    func test_aSetOfStringsSnapshot_readsAsTheSameIds() throws {
        let ids = ids.filter { $0 != "Zoe\u{308}" }  // a `Set<String>` holds one of "Zoë" and it
        let old = try BinaryEncoder().encode(OldIDs(ids: Set(ids)))
        XCTAssertEqual(try BinaryKeyedReader.decode(NewIDs.self, sharing: old).ids, IDSet(ids))
        XCTAssertEqual(try BinaryDecoder().decode(NewIDs.self, from: old).ids, IDSet(ids))
    }

    func test_anIdListedTwice_orMalformedIds_areRefused() throws {
        struct Listed: Codable { var ids: [String] }
        let twice = try BinaryEncoder().encode(Listed(ids: ["x", "attempt-9", "y", "attempt-9"]))
        XCTAssertThrowsError(try BinaryKeyedReader.decode(NewIDs.self, sharing: twice)) { error in
            XCTAssertTrue("\(error)".contains("id attempt-9 is listed twice"), "\(error)")
        }
        let valid = try BinaryEncoder().encode(NewIDs(ids: IDSet(ids.prefix(20))))
        var refused = 0
        for input in malformedInputs(of: valid, mutations: 2_000, seed: 11) {
            let fast = try? BinaryKeyedReader.decode(NewIDs.self, sharing: input)
            XCTAssertEqual(fast, try? JSONDecoder().decode(NewIDs.self, from: JSONEncoder().encode(fast)), "reads back")
            if fast == nil { refused += 1 }
        }
        XCTAssertGreaterThan(refused, valid.count, "every cut input and many mutated ones")
        var notUTF8 = valid
        notUTF8[notUTF8.firstIndex(of: UInt8(ascii: "Z"))!] = 0xFF
        XCTAssertThrowsError(try BinaryKeyedReader.decode(NewIDs.self, from: notUTF8)) { XCTAssertTrue("\($0)".contains("not UTF-8"), "\($0)") }
    }
}

/// `RecordArena` reads adopted records in place, and appends after them in blocks of its own.
final class RecordArenaAdoptionTests: XCTestCase {
    func test_adoptedRecords_readInPlace_andAppendsGoAfter() {
        let records: [[UInt8]] = [[], [1], Array(repeating: 7, count: 200)]
        var bytes: [UInt8] = [0xAA]  // a byte before the records
        var offsets: [Int] = []
        for record in records {
            offsets.append(bytes.count)
            LEB128.forEachByte(of: UInt(record.count)) { bytes.append($0) }
            bytes += record
        }
        var arena = RecordArena()
        let before = [UInt8]([9, 9]).withUnsafeBufferPointer { arena.append($0) }
        guard let block = arena.adopt(bytes[1...]) else { return XCTFail("not adopted") }
        let after = [UInt8]([5]).withUnsafeBufferPointer { arena.append($0) }
        for (record, offset) in zip(records, offsets) {
            XCTAssertEqual(arena.withRecord(at: arena.location(at: offset - 1, in: block)) { Array($0) }, record)
        }
        XCTAssertEqual(arena.withRecord(at: before) { Array($0) }, [9, 9])
        XCTAssertEqual(arena.withRecord(at: after) { Array($0) }, [5])
    }
}

/// `IDIndex` inserts in bulk as one by one, and stops at an id given twice.
final class IDIndexBulkTests: XCTestCase {
    func test_bulkInsert_findsEveryNumber_andReportsAnIdGivenTwice() {
        let ids = (0..<20_000).map { $0 % 3 == 0 ? "same-\($0 % 7)-\($0)" : "id-\($0)" }
        var index = IDIndex()
        index.insert(0, hash: IDIndex.hash(ids[0]))
        let entries = ids.indices.dropFirst().map { IDIndex.Entry(hash: IDIndex.hash(ids[$0]), number: Int32($0)) }
        XCTAssertNil(index.insert(contentsOf: entries) { ids[Int($0)] == ids[Int($1)] })
        XCTAssertEqual(index.count, ids.count)
        for (number, id) in ids.enumerated() {
            XCTAssertEqual(index.number(hash: IDIndex.hash(id)) { ids[Int($0)] == id }, Int32(number))
        }
        var withTwice = IDIndex()
        let twice = ["a", "b", "c", "b", "d"]
        let found = withTwice.insert(contentsOf: twice.indices.map { IDIndex.Entry(hash: IDIndex.hash(twice[$0]), number: Int32($0)) }) {
            twice[Int($0)] == twice[Int($1)]
        }
        XCTAssertTrue(found == 1 || found == 3, "one of the two b's: \(String(describing: found))")
    }

    func test_hashOfBytes_isTheHashOfTheString() {
        for id in ["", "a", "Zoë", "attempt-123"] {
            var utf8 = Array(id.utf8)
            XCTAssertEqual(utf8.withUnsafeMutableBufferPointer { IDIndex.hash(utf8: UnsafeBufferPointer($0)) }, IDIndex.hash(id))
        }
    }
}
