import EventLog
import EventLogTestSupport
@testable import EventLogSQLite
import Foundation
import GRDB
import LedgerDemo
import PlatformKit
import XCTest

/// `fixtures/eventlog/format6.sqlite`: 402 events written by format 6 (a row per event; payloads
/// stored as they are, compressed alone and in payload blocks; idempotency keys; an unindexed
/// tail), and `format6.jsonl`, its export then. Opened by this build, it is upgraded to event
/// blocks: what it holds reads as before, and what is appended after goes to blocks.
final class FormatSixLogTests: XCTestCase {
    let directory = TemporaryDirectory()

    struct Exported: Decodable {
        var seq: Int64
        var stream: String
        var position: Int64
        var type: String
        var schemaVersion: Int
        var recordedAt: Int64
        var correlationID: String?
        var causationID: String?
        var idempotencyKey: String?
        var payload: String
        var hash: String

        var event: RecordedEvent {
            RecordedEvent(
                sequence: seq, streamID: stream, position: position, type: type, schemaVersion: schemaVersion,
                recordedAt: Instant(millisecondsSinceEpoch: recordedAt), correlationID: correlationID, causationID: causationID,
                idempotencyKey: idempotencyKey, payload: [UInt8](Data(base64Encoded: payload)!)
            )
        }
    }

    /// A copy of the fixture, opened by this build (with compression and short index runs, like its writer).
    func openCopy() throws -> SQLiteEventLog {
        let path = directory.path("format6.sqlite")
        try FileManager.default.copyItem(atPath: fixture("format6.sqlite"), toPath: path)
        return try makeLog(path, runLength: 64, eventsPerBlock: 8, compression: PayloadCompression(trainingEvents: 100))
    }

    func exported() throws -> [Exported] {
        try String(contentsOfFile: fixture("format6.jsonl"), encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(Exported.self, from: Data($0.utf8)) }
    }

    func events(_ log: SQLiteEventLog, _ query: EventQuery = EventQuery()) throws -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        try log.forEach(query) { events.append($0) }
        return events
    }

    func test_aFormat6Log_readsAsItWasExported() throws {
        let log = try openCopy()
        let lines = try exported()
        XCTAssertEqual(try events(log), lines.map(\.event))
        XCTAssertEqual(try log.headHash(), lines.last?.hash)
        XCTAssertEqual(try events(log, EventQuery(stream: "acct-4")), lines.map(\.event).filter { $0.streamID == "acct-4" })
        let statistics = try log.statistics(byType: true)
        XCTAssertEqual([statistics.formatVersion, Int(statistics.events), Int(statistics.eventBlocks)], [Schema.formatVersion, 402, 0])
        XCTAssertGreaterThan(statistics.payloadBlocks, 0)
        XCTAssertEqual(statistics.lastRecordedAt?.millisecondsSinceEpoch, lines.last?.recordedAt)
        XCTAssertTrue(try log.verify().isValid)
    }

    func test_eventsAppendedToAFormat6Log_goToBlocks_andReadWithItsRows() throws {
        let log = try openCopy()
        let old = try exported().map(\.event)
        // A key stored in a row is a duplicate still; new keys go to the blocks' key table.
        let duplicate = try log.append([Deposited(account: "x", amount: 1, memo: "again").newEvent(stream: "acct-0", idempotencyKey: "key-7")])
        XCTAssertEqual(duplicate.map(\.isDuplicate), [true])
        XCTAssertEqual(duplicate.map(\.sequence), [old.first { $0.idempotencyKey == "key-7" }!.sequence])
        for batch in 0..<10 {
            try log.append((0..<15).map { offset in
                try Deposited(account: "account-\(offset % 9)", amount: Int64(batch), memo: "after the upgrade")
                    .newEvent(stream: "acct-\(offset % 9)", idempotencyKey: offset == 0 ? "new-\(batch)" : nil)
            })
        }
        let again = try log.append([Deposited(account: "x", amount: 1, memo: "again").newEvent(stream: "acct-0", idempotencyKey: "new-3")])
        XCTAssertEqual(again.map(\.isDuplicate), [true])
        XCTAssertEqual(again.map(\.sequence), [402 + 3 * 15 + 1])
        let all = try events(log)
        XCTAssertEqual(all.map(\.sequence), Array(1...552))
        XCTAssertEqual(Array(all.prefix(402)), old)
        for stream in ["acct-0", "acct-5"] {
            XCTAssertEqual(try events(log, EventQuery(stream: stream)), all.filter { $0.streamID == stream }, stream)
            XCTAssertEqual(try events(log, EventQuery(from: 380, to: 430, stream: stream)), all.filter { $0.streamID == stream && (380...430).contains($0.sequence) })
            XCTAssertEqual(try log.streamVersion(of: stream), all.last { $0.streamID == stream }?.position)
        }
        XCTAssertEqual(try events(log, EventQuery(from: 395, limit: 20)), Array(all[394..<414]))
        let statistics = try log.statistics(byType: false)
        XCTAssertEqual([statistics.events, statistics.eventBlocks > 0 ? 1 : 0], [552, 1])
        let report = try log.verify()
        XCTAssertTrue(report.isValid, "\(String(describing: report.problem))")
        XCTAssertEqual(report.eventsChecked, 552)

        // Exported and imported elsewhere, the whole log (rows and blocks) keeps its chain.
        let copy = try makeLog(directory.path("imported.sqlite"), eventsPerBlock: 8)
        var hashes: [(RecordedEvent, [UInt8])] = []
        try log.forEachChained(through: 552) { hashes.append(($0, $1)) }
        var next = hashes.makeIterator()
        XCTAssertEqual(try copy.importEvents { next.next().map { (event: $0.0, hash: $0.1) } }, 552)
        XCTAssertEqual(try copy.headHash(), try log.headHash())
        XCTAssertEqual(try events(copy), all)
        XCTAssertTrue(try copy.verify().isValid)
    }
}
