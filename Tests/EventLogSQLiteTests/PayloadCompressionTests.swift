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

    func test_compressedLog_aloneOrInBlocks_readsTheSameEvents_withTheSameHashes_inLessSpace() throws {
        let plain = try makeLog(directory.path("plain.sqlite"), runLength: 64)
        try fill(plain, count: 1_000)
        let plainStats = try plain.statistics(byType: true)
        XCTAssertEqual(plainStats.payloadDictionaries, 0)
        let plainBytes = plainStats.types[0].payloadBytes
        for eventsPerBlock in [1, 32] {
            let compression = PayloadCompression(trainingEvents: 300, eventsPerBlock: eventsPerBlock)
            let compressed = try makeLog(directory.path("compressed-\(eventsPerBlock).sqlite"), runLength: 64, compression: compression)
            try fill(compressed, count: 1_000)
            XCTAssertEqual(try events(compressed), try events(plain))
            XCTAssertEqual(try events(compressed, EventQuery(stream: "acct-3")), try events(plain, EventQuery(stream: "acct-3")))
            XCTAssertEqual(try compressed.headHash(), try plain.headHash())
            let stats = try compressed.statistics(byType: true)
            XCTAssertEqual(stats.payloadDictionaries, 1)
            XCTAssertEqual(stats.payloadBlocks > 0, eventsPerBlock > 1)
            // The first 300 payloads are stored as they are; the other 700 shrink to less than half.
            let compressedBytes = stats.types[0].payloadBytes + stats.payloadBlockBytes
            XCTAssertLessThan(compressedBytes, plainBytes * 3 / 10 + plainBytes * 7 / 10 / 2, "\(compressedBytes) of \(plainBytes)")
            XCTAssertTrue(try compressed.verify().isValid)
        }
    }

    func test_payloadBlocks_holdConsecutiveEventsOfABatch_andEachEventReadsAlone() throws {
        let path = directory.path("blocks.sqlite")
        let log = try makeLog(path, runLength: 64, compression: PayloadCompression(trainingEvents: 200, eventsPerBlock: 16))
        let plain = try makeLog(directory.path("blocks-plain.sqlite"), runLength: 64)
        for batch in 0..<6 {
            let events = try (0..<100).map { offset in
                // One payload of 12 000 bytes, too large for a block: it is compressed alone.
                let memo = batch == 4 && offset == 50 ? String(repeating: "large ", count: 2_000) : "deposit \(offset) of batch \(batch)"
                return try Deposited(account: "account-\(offset % 7)", amount: Int64(offset), memo: memo).newEvent(stream: "acct-\(offset % 7)")
            }
            try log.append(events)
            try plain.append(events)
        }
        let expected = try events(plain)
        let (rows, blocks) = try DatabaseQueue(path: path).read { db in
            (try Row.fetchAll(db, sql: "SELECT seq, length(payload), payload_dictionary, payload_block FROM events ORDER BY seq"),
             try Int64.fetchAll(db, sql: "SELECT first_seq FROM payload_blocks ORDER BY first_seq"))
        }
        // Batches 3 to 6 (events 201-600) are compressed: 100 events in blocks of at most 16, none across two batches.
        var members: [Int64: [Int64]] = [:]
        for row in rows {
            let sequence: Int64 = row[0]
            if let block = row[3] as Int64? {
                XCTAssertEqual(row[1] as Int, 0, "event \(sequence)'s row holds no payload")
                members[block, default: []].append(sequence)
            } else if sequence > 200 {
                // The large payload, and the last of its batch (after three blocks of 16).
                XCTAssertTrue([451, 500].contains(sequence), "event \(sequence) is compressed alone")
                XCTAssertNotNil(row[2] as Int64?)
            }
        }
        XCTAssertEqual(members.keys.sorted(), blocks)
        XCTAssertEqual(members.values.reduce(0) { $0 + $1.count }, 398)
        for (first, sequences) in members {
            XCTAssertEqual(sequences, Array(first..<first + Int64(sequences.count)), "a block holds consecutive events")
            XCTAssertLessThanOrEqual(sequences.count, 16)
            XCTAssertEqual((first - 1) / 100, (sequences.last! - 1) / 100, "block \(first) stays within its batch")
        }
        XCTAssertEqual(try events(log), expected)
        for sequence in [201, 216, 217, 450, 451, 452, 600] as [Int64] {
            XCTAssertEqual(try events(log, EventQuery(from: sequence, to: sequence)), [expected[Int(sequence) - 1]], "event \(sequence)")
        }
        XCTAssertEqual(try events(log, EventQuery(stream: "acct-4")), try events(plain, EventQuery(stream: "acct-4")))
        XCTAssertTrue(try log.verify().isValid)
    }

    func test_aDamagedOrMissingPayloadBlock_isReportedAtTheEventReadingIt() throws {
        let path = directory.path("damaged-block.sqlite")
        let log = try makeLog(path, compression: PayloadCompression(trainingEvents: 100))
        try fill(log, count: 600)
        try log.close()
        let queue = try DatabaseQueue(path: path)
        let (first, second) = try queue.read { db in
            let blocks = try Int64.fetchAll(db, sql: "SELECT first_seq FROM payload_blocks ORDER BY first_seq LIMIT 2")
            return (blocks[0], blocks[1])
        }
        try queue.write { db in
            try db.execute(sql: "DROP TRIGGER payload_blocks_are_append_only_update")
            try db.execute(sql: "DROP TRIGGER payload_blocks_are_append_only_delete")
            try db.execute(sql: "UPDATE payload_blocks SET data = X'FF00FF00' WHERE first_seq = ?", arguments: [second])
        }
        XCTAssertThrowsError(try events(try makeLog(path))) { error in
            XCTAssertEqual((error as? EventLogError)?.code, .corrupt(sequence: second), "\(error)")
            XCTAssertTrue("\(error)".contains("event \(second): its payload block \(second) does not decompress"), "\(error)")
        }
        XCTAssertEqual(try makeLog(path).verify().problem?.sequence, second)
        try queue.write { try $0.execute(sql: "DELETE FROM payload_blocks WHERE first_seq = ?", arguments: [first]) }
        XCTAssertThrowsError(try events(try makeLog(path), EventQuery(from: first + 1))) { error in
            XCTAssertEqual((error as? EventLogError)?.code, .corrupt(sequence: first + 1), "\(error)")
            XCTAssertTrue("\(error)".contains("its payload block \(first) is missing"), "\(error)")
        }
    }

    func test_payloadsShorterThanTheMinimumSize_areStoredAsTheyAre() throws {
        let path = directory.path("minimum.sqlite")
        let log = try makeLog(path, runLength: 64, compression: PayloadCompression(trainingEvents: 300, minimumSize: 62, eventsPerBlock: 1))
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
        let log = try makeLog(path, compression: PayloadCompression(trainingEvents: 100, eventsPerBlock: 1))
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
