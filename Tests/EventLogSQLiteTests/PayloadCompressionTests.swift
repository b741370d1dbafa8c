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
        XCTAssertEqual(plainStats.types[0].eventsInBlocks, 1_000)
        for eventsPerBlock in [1, 32] {
            let compression = PayloadCompression(trainingEvents: 300)
            let compressed = try makeLog(directory.path("compressed-\(eventsPerBlock).sqlite"), runLength: 64, eventsPerBlock: eventsPerBlock, compression: compression)
            try fill(compressed, count: 1_000)
            XCTAssertEqual(try events(compressed), try events(plain))
            XCTAssertEqual(try events(compressed, EventQuery(stream: "acct-3")), try events(plain, EventQuery(stream: "acct-3")))
            XCTAssertEqual(try compressed.headHash(), try plain.headHash())
            let stats = try compressed.statistics(byType: true)
            XCTAssertEqual(stats.payloadDictionaries, 1)
            XCTAssertEqual(stats.events, 1_000)
            XCTAssertEqual(stats.eventBlocks == 1_000, eventsPerBlock == 1, "\(stats.eventBlocks) blocks")
            // The first 300 events are stored as they are; the other 700 shrink to less than half.
            XCTAssertLessThan(stats.eventBlockBytes, plainStats.eventBlockBytes * 3 / 10 + plainStats.eventBlockBytes * 7 / 10 / 2,
                              "\(stats.eventBlockBytes) of \(plainStats.eventBlockBytes)")
            XCTAssertTrue(try compressed.verify().isValid)
        }
    }

    func test_eventBlocks_holdConsecutiveEventsOfABatch_andEachEventReadsAlone() throws {
        let path = directory.path("blocks.sqlite")
        let log = try makeLog(path, runLength: 64, eventsPerBlock: 16, compression: PayloadCompression(trainingEvents: 200))
        let plain = try makeLog(directory.path("blocks-plain.sqlite"), runLength: 64, eventsPerBlock: 1)
        for batch in 0..<6 {
            let events = try (0..<100).map { offset in
                // One payload of 12 000 bytes, too large to share a block.
                let memo = batch == 4 && offset == 50 ? String(repeating: "large ", count: 2_000) : "deposit \(offset) of batch \(batch)"
                return try Deposited(account: "account-\(offset % 7)", amount: Int64(offset), memo: memo).newEvent(stream: "acct-\(offset % 7)")
            }
            try log.append(events)
            try plain.append(events)
        }
        // Random bytes, which no dictionary shrinks: stored as they are.
        var random = SeededGenerator(seed: 5)
        let noise = (0..<2_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        for target in [log, plain] { try target.append([NewEvent(streamID: "noise", type: "test.noise", payload: noise)]) }
        let expected = try events(plain)
        let blocks = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT first_seq, last_seq, dictionary FROM event_blocks ORDER BY first_seq")
        }
        var next: Int64 = 1
        for block in blocks {
            let (first, last): (Int64, Int64) = (block[0], block[1])
            XCTAssertEqual(first, next, "blocks hold every event, in order")
            XCTAssertLessThanOrEqual(last - first + 1, 16)
            XCTAssertEqual((first - 1) / 100, (last - 1) / 100, "block \(first) stays within its batch")
            // Batches 3 to 6 (events 201-600) are compressed against the dictionary; the noise is not.
            XCTAssertEqual(block[2] as Int64? != nil, first > 200 && first <= 600, "block \(first)")
            next = last + 1
        }
        XCTAssertEqual(next, 602)
        XCTAssertTrue(blocks.contains { ($0[0] as Int64) == 451 && ($0[1] as Int64) == 451 }, "the large payload is a block alone")
        XCTAssertEqual(try events(log), expected)
        for sequence in [1, 201, 216, 217, 450, 451, 452, 600, 601] as [Int64] {
            XCTAssertEqual(try events(log, EventQuery(from: sequence, to: sequence)), [expected[Int(sequence) - 1]], "event \(sequence)")
        }
        XCTAssertEqual(try events(log, EventQuery(from: 190, limit: 30)), Array(expected[189..<219]))
        XCTAssertEqual(try events(log, EventQuery(stream: "acct-4")), try events(plain, EventQuery(stream: "acct-4")))
        XCTAssertEqual(try events(log, EventQuery(from: 300, to: 500, stream: "acct-4")), try events(plain, EventQuery(from: 300, to: 500, stream: "acct-4")))
        XCTAssertEqual(try events(log, EventQuery(types: ["test.noise"])).map(\.payload), [noise])
        XCTAssertEqual(try log.statistics(byType: true).types.map(\.events), [600, 1])
        XCTAssertTrue(try log.verify().isValid)
    }

    func test_aDamagedOrMissingEventBlock_isReportedAtItsFirstEvent() throws {
        let path = directory.path("damaged-block.sqlite")
        let log = try makeLog(path, compression: PayloadCompression(trainingEvents: 100))
        try fill(log, count: 600)
        try log.close()
        let queue = try DatabaseQueue(path: path)
        let (first, second, secondLast) = try queue.read { db in
            let blocks = try Row.fetchAll(db, sql: "SELECT first_seq, last_seq FROM event_blocks WHERE dictionary IS NOT NULL ORDER BY first_seq LIMIT 2")
            return (blocks[0][0] as Int64, blocks[1][0] as Int64, blocks[1][1] as Int64)
        }
        try queue.write { db in
            try db.execute(sql: "DROP TRIGGER event_blocks_are_append_only_update")
            try db.execute(sql: "DROP TRIGGER event_blocks_are_append_only_delete")
            try db.execute(sql: "UPDATE event_blocks SET data = X'FF00FF00' WHERE first_seq = ?", arguments: [second])
        }
        XCTAssertThrowsError(try events(try makeLog(path))) { error in
            XCTAssertEqual((error as? EventLogError)?.code, .corrupt(sequence: second), "\(error)")
            XCTAssertTrue("\(error)".hasPrefix("\(path): events \(second)–\(secondLast): their block does not decompress"), "\(error)")
        }
        XCTAssertEqual(try makeLog(path).verify().problem?.sequence, second)
        try queue.write { try $0.execute(sql: "DELETE FROM event_blocks WHERE first_seq = ?", arguments: [first]) }
        let problem = try makeLog(path).verify().problem
        XCTAssertEqual(problem?.sequence, first)
        XCTAssertTrue(problem?.message.contains("gap") ?? false, "\(String(describing: problem))")
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

    func test_aDamagedBlockOfOneEvent_orAMissingDictionary_isReportedAtItsEvent() throws {
        let path = directory.path("damaged.sqlite")
        let log = try makeLog(path, eventsPerBlock: 1, compression: PayloadCompression(trainingEvents: 100))
        try fill(log, count: 300)
        try log.close()
        let queue = try DatabaseQueue(path: path)
        let victim = try queue.read { try Int64.fetchOne($0, sql: "SELECT MIN(first_seq) FROM event_blocks WHERE dictionary IS NOT NULL") }!
        try queue.write { db in
            try db.execute(sql: "DROP TRIGGER event_blocks_are_append_only_update")
            try db.execute(sql: "UPDATE event_blocks SET data = X'FF00FF00' WHERE first_seq = ?", arguments: [victim])
        }
        XCTAssertThrowsError(try events(try makeLog(path))) { error in
            XCTAssertEqual((error as? EventLogError)?.code, .corrupt(sequence: victim), "\(error)")
            XCTAssertTrue("\(error)".contains("events \(victim)–\(victim): their block does not decompress"), "\(error)")
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
