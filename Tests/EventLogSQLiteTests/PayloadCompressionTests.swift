import EventLog
@testable import EventLogSQLite
import EventLogTestSupport
import Foundation
import GRDB
import LedgerDemo
import PlatformKit
import XCTest

final class PayloadCompressionTests: XCTestCase {
    let directory = TemporaryDirectory()

    /// `count` ledger events over five streams, in batches of up to 70 (some prepared on the
    /// writer's second thread, some on the caller's).
    func fill(_ log: SQLiteEventLog, count: Int, seed: UInt64 = 1) throws {
        var random = SeededGenerator(seed: seed)
        var written = 0
        while written < count {
            let size = min(count - written, Int.random(in: 1...70, using: &random))
            try log.append((0..<size).map { offset in
                let index = written + offset
                return try Deposited(account: "account-\(index % 5)", amount: Int64(index), memo: "deposit number \(index) of the test")
                    .newEvent(stream: "acct-\(index % 5)")
            })
            written += size
        }
    }

    func events(_ log: SQLiteEventLog, _ query: EventQuery = EventQuery()) throws -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        try log.forEach(query) { events.append($0) }
        return events
    }

    func test_sqliteLog_compressingPayloads_satisfiesTheEventLogContract() throws {
        var logs: [SQLiteEventLog] = []
        try EventLogContract { clock in
            let log = try makeLog(self.directory.path("contract-\(logs.count).sqlite"), clock: clock, compression: PayloadCompression(trainingEvents: 8))
            logs.append(log)
            return log
        }.runAll()
        let compressing = try logs.filter { try $0.statistics(byType: false).payloadDictionaries > 0 }
        // The contract's longer scenarios run on logs that compress (the short ones never reach a dictionary).
        XCTAssertGreaterThanOrEqual(compressing.count, 3, "\(compressing.count) of \(logs.count) contract logs compress")
    }

    func test_compressedLog_readsTheSameEvents_withTheSameHashes_inLessSpace() throws {
        let plain = try makeLog(directory.path("plain.sqlite"), runLength: 64)
        let compressed = try makeLog(directory.path("compressed.sqlite"), runLength: 64, compression: PayloadCompression(trainingEvents: 300))
        try fill(plain, count: 1_000)
        try fill(compressed, count: 1_000)
        XCTAssertEqual(try events(compressed), try events(plain))
        XCTAssertEqual(try events(compressed, EventQuery(stream: "acct-3")), try events(plain, EventQuery(stream: "acct-3")))
        XCTAssertEqual(try compressed.headHash(), try plain.headHash())
        let (plainStats, compressedStats) = (try plain.statistics(byType: true), try compressed.statistics(byType: true))
        XCTAssertEqual(compressedStats.payloadDictionaries, 1)
        XCTAssertEqual(plainStats.payloadDictionaries, 0)
        // The first 300 payloads are stored as they are; the other 700 shrink to less than half.
        let (plainBytes, compressedBytes) = (plainStats.types[0].payloadBytes, compressedStats.types[0].payloadBytes)
        XCTAssertLessThan(compressedBytes, plainBytes * 3 / 10 + plainBytes * 7 / 10 / 2, "\(compressedBytes) of \(plainBytes)")
        XCTAssertTrue(try compressed.verify().isValid)
    }

    func test_payloadsShorterThanTheMinimumSize_areStoredAsTheyAre() throws {
        let path = directory.path("minimum.sqlite")
        let log = try makeLog(path, runLength: 64, compression: PayloadCompression(trainingEvents: 300, minimumSize: 62))
        for batch in 0..<10 {
            try log.append((0..<100).map { offset in
                // Memos of 0 to 39 characters: payloads on both sides of the minimum.
                try Deposited(account: "account-\(offset % 5)", amount: Int64(batch), memo: String(repeating: "m", count: (batch * 100 + offset) % 40))
                    .newEvent(stream: "acct-\(offset % 5)")
            })
        }
        let rows = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT seq, payload_dictionary FROM events ORDER BY seq")
        }
        let plain = try events(log)
        XCTAssertEqual(rows.count, 1_000)
        let firstCompressed = try XCTUnwrap(rows.first { !($0[1] as DatabaseValue).isNull }?[0] as Int64?)
        for (row, event) in zip(rows, plain) where (row[0] as Int64) >= firstCompressed {
            XCTAssertEqual((row[1] as DatabaseValue).isNull, event.payload.count < 62, "event \(event.sequence), \(event.payload.count) bytes")
        }
        XCTAssertTrue(plain.contains { $0.payload.count < 62 } && plain.contains { $0.payload.count >= 62 }, "both sizes are written")
        XCTAssertTrue(try log.verify().isValid)
    }

    func test_dictionariesAreTrainedAtTenfoldPoints_upToTheLimit() throws {
        let path = directory.path("points.sqlite")
        let log = try makeLog(path, compression: PayloadCompression(trainingEvents: 40, maxDictionaries: 2))
        try fill(log, count: 399)
        XCTAssertEqual(try log.statistics(byType: false).payloadDictionaries, 1)
        try fill(log, count: 2_000, seed: 2)
        XCTAssertEqual(try log.statistics(byType: false).payloadDictionaries, 2)
        // Each dictionary is first used by the batch after its point.
        let firsts = try DatabaseQueue(path: path).read { try Int64.fetchAll($0, sql: "SELECT first_seq FROM payload_dictionaries ORDER BY id") }
        XCTAssertEqual(firsts.count, 2)
        XCTAssertGreaterThan(firsts[0], 40)
        XCTAssertGreaterThan(firsts[1], 400)
        XCTAssertTrue(try log.verify().isValid)
    }

    func test_reopenedWithoutTheOption_readsCompressedEvents_andAppendsPlainOnes() throws {
        let path = directory.path("reopen.sqlite")
        let writer = try makeLog(path, compression: PayloadCompression(trainingEvents: 100))
        try fill(writer, count: 500)
        let before = try events(writer)
        try writer.close()
        let reader = try makeLog(path)
        XCTAssertEqual(try events(reader), before)
        try fill(reader, count: 50, seed: 3)
        XCTAssertEqual(try events(reader).count, 550)
        XCTAssertTrue(try reader.verify().isValid)
    }

    func test_aDamagedCompressedPayload_orAMissingDictionary_isReportedAtItsEvent() throws {
        let path = directory.path("damaged.sqlite")
        let log = try makeLog(path, compression: PayloadCompression(trainingEvents: 100))
        try fill(log, count: 300)
        try log.close()
        let queue = try DatabaseQueue(path: path)
        let victim = try queue.read { try Int64.fetchOne($0, sql: "SELECT MIN(seq) FROM events WHERE payload_dictionary IS NOT NULL") }!
        try queue.write { db in
            try db.execute(sql: "DROP TRIGGER events_are_append_only_update")
            try db.execute(sql: "UPDATE events SET payload = X'FF00FF00' WHERE seq = ?", arguments: [victim])
        }
        XCTAssertThrowsError(try events(try makeLog(path))) { error in
            XCTAssertEqual((error as? EventLogError)?.code, .corrupt(sequence: victim), "\(error)")
            XCTAssertTrue("\(error)".contains("event \(victim): its payload does not decompress"), "\(error)")
        }
        XCTAssertEqual(try makeLog(path).verify().problem?.sequence, victim)
        try queue.write { try $0.execute(sql: "DELETE FROM payload_dictionaries") }
        XCTAssertThrowsError(try events(try makeLog(path))) { error in
            XCTAssertTrue("\(error)".contains("payload dictionary 1 is missing"), "\(error)")
        }
    }

    func test_aFormat1Log_isUpgradedWhenOpened() throws {
        let path = directory.path("v1.sqlite")
        let pool = try DatabasePool(path: path)
        try Schema.migrator.migrate(pool, upTo: "v1")
        try pool.close()
        let log = try makeLog(path, compression: PayloadCompression(trainingEvents: 50))
        XCTAssertEqual(try log.statistics(byType: false).formatVersion, Schema.formatVersion)
        try fill(log, count: 200)
        XCTAssertEqual(try log.statistics(byType: false).payloadDictionaries, 1)
        XCTAssertEqual(try events(log).count, 200)
        // Snapshots are listed from a covering index, not by walking their blobs to the columns after them.
        let plan = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT id, projection, projection_version, sequence, state_size, length(data), created_at FROM snapshots WHERE projection = 'p' ORDER BY sequence DESC, id DESC")
                .map { $0["detail"] as String }
        }
        XCTAssertTrue(plan.joined().contains("snapshots_listing"), "\(plan)")
    }
}
