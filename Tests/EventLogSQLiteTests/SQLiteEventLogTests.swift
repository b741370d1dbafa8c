import EventLog
import EventLogSQLite
import EventLogTestSupport
import LedgerDemo
import Foundation
import GRDB
import PlatformKit
import XCTest

final class SQLiteEventLogTests: XCTestCase {
    func test_sqliteLog_satisfiesTheEventLogContract() throws {
        let directory = TemporaryDirectory()
        var count = 0
        try EventLogContract { clock in
            count += 1
            return try makeLog(directory.path("contract-\(count).sqlite"), clock: clock)
        }.runAll()
    }

    func test_sqliteLog_withTinyIndexRuns_satisfiesTheContract() throws {
        let directory = TemporaryDirectory()
        var count = 0
        try EventLogContract { clock in
            count += 1
            return try makeLog(directory.path("runs-\(count).sqlite"), clock: clock, runLength: 2)
        }.runAll()
    }

    func test_streamReads_spanIndexRunsAndTheTail() throws {
        let directory = TemporaryDirectory()
        let log = try makeLog(directory.path("log.sqlite"), runLength: 7)
        var expected: [String: [Int64]] = [:]
        var random = SeededGenerator(seed: 3)
        for _ in 0..<40 {
            let batch = try (0..<Int.random(in: 1...9, using: &random)).map { _ in
                try Deposited(account: "x", amount: 1, memo: "").newEvent(stream: "s\(Int.random(in: 0..<5, using: &random))")
            }
            for appended in try log.append(batch) { expected[appended.streamID, default: []].append(appended.sequence) }
        }
        for (stream, sequences) in expected {
            XCTAssertEqual(try log.events(EventQuery(stream: stream)).map(\.sequence), sequences, stream)
            XCTAssertEqual(try log.streamVersion(of: stream), Int64(sequences.count))
            let middle = sequences[sequences.count / 2]
            XCTAssertEqual(try log.events(EventQuery(from: middle, stream: stream, limit: 3)).map(\.sequence),
                           Array(sequences.filter { $0 >= middle }.prefix(3)))
        }
    }

    func test_reopening_restoresHeadsAndContinuesTheChain() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("log.sqlite")
        do {
            let log = try makeLog(path, runLength: 3)
            for amount in 1...10 { try log.append([Deposited(account: "a", amount: Int64(amount), memo: "").newEvent(stream: "s\(amount % 3)")]) }
        }
        let reopened = try makeLog(path, runLength: 3)
        XCTAssertEqual(try reopened.lastSequence(), 10)
        XCTAssertEqual(try reopened.streamVersion(of: "s1"), 4)
        let appended = try reopened.append([Deposited(account: "a", amount: 1, memo: "").newEvent(stream: "s1", expectedPosition: 5)])
        XCTAssertEqual(appended.first?.sequence, 11)
        XCTAssertTrue(try reopened.verify().isValid)
    }

    func test_twoWriters_onOneFile_keepTheSequenceGaplessAndDetectConflicts() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let first = try makeLog(path, runLength: 4)
        let second = try makeLog(path, runLength: 4)
        for index in 0..<20 {
            let writer = index.isMultiple(of: 2) ? first : second
            try writer.append([Deposited(account: "a", amount: 1, memo: "").newEvent(stream: "shared")])
        }
        XCTAssertEqual(try first.events(EventQuery(stream: "shared")).map(\.position), Array(1...20))
        XCTAssertThrowsError(try first.append([Deposited(account: "a", amount: 1, memo: "").newEvent(stream: "shared", expectedPosition: 20)]))
        try second.append([Deposited(account: "a", amount: 1, memo: "").newEvent(stream: "shared", expectedPosition: 21)])
        let report = try first.verify()
        XCTAssertTrue(report.isValid, "\(String(describing: report.problem))")
        XCTAssertEqual(report.eventsChecked, 21)
    }

    func test_database_refusesUpdateAndDeleteOfEvents() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let log = try makeLog(path)
        try log.append([Deposited(account: "a", amount: 1, memo: "").newEvent(stream: "s")])
        let db = try DatabaseQueue(path: path)
        XCTAssertThrowsError(try db.write { try $0.execute(sql: "UPDATE event_blocks SET data = x'00'") }) { error in
            XCTAssertTrue("\(error)".contains("append-only"), "\(error)")
        }
        XCTAssertThrowsError(try db.write { try $0.execute(sql: "DELETE FROM event_blocks") })
        XCTAssertEqual(try log.lastSequence(), 1)
    }

    func test_readerDuringWrites_neverSeesAGapOrHalfABatch() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let writer = try makeLog(path, runLength: 50)
        let reader = try makeLog(path, runLength: 50)
        let batchSize = 10
        let done = ManagedAtomicFlag()
        let thread = Thread {
            for _ in 0..<200 {
                let batch = (0..<batchSize).map { NewEvent(streamID: "s\($0)", type: "t.x", payload: [UInt8($0)]) }
                _ = try? writer.append(batch)
            }
            done.set()
        }
        thread.start()
        var reads = 0
        repeat {
            let events = try reader.events()
            XCTAssertEqual(events.map(\.sequence), events.isEmpty ? [] : Array(1...Int64(events.count)))
            XCTAssertTrue(events.count.isMultiple(of: batchSize), "saw \(events.count) events: half a batch")
            reads += 1
        } while !done.isSet
        XCTAssertEqual(try reader.lastSequence(), 2_000)
        XCTAssertGreaterThan(reads, 1)
    }

    func test_subscription_catchesUpThenFollowsAppendsFromAnotherConnection() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let log = try makeLog(path)
        try log.append((1...3).map { NewEvent(streamID: "s", type: "t.x", payload: [UInt8($0)]) })
        let other = try makeLog(path)
        let stream = log.subscribe(from: 2, pollInterval: .milliseconds(5))
        var seen: [Int64] = []
        for try await event in stream {
            seen.append(event.sequence)
            if seen.count == 2 { try other.append([NewEvent(streamID: "s", type: "t.x", payload: [9])]) }
            if seen.count == 3 { break }
        }
        XCTAssertEqual(seen, [2, 3, 4])
    }
}

/// A flag set by one thread and read by another.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

extension SQLiteEventLogTests {
    func test_durability_setsTheWriterSynchronousMode() throws {
        let directory = TemporaryDirectory()
        XCTAssertEqual(try makeLog(directory.path("full.sqlite"), durability: .full).writerSetting("synchronous"), 2)
        XCTAssertEqual(try makeLog(directory.path("normal.sqlite"), durability: .normal).writerSetting("synchronous"), 1)
    }

    func test_writerPageCacheKilobytes_setsTheWriterPageCache() throws {
        let directory = TemporaryDirectory()
        let standard = try SQLiteEventLog(path: directory.path("a.sqlite"), clock: .constant(.epoch))
        XCTAssertEqual(try standard.writerSetting("cache_size"), -65_536)
        let small = try SQLiteEventLog(
            path: directory.path("b.sqlite"), clock: .constant(.epoch), options: SQLiteEventLogOptions(writerPageCacheKilobytes: 8_192)
        )
        XCTAssertEqual(try small.writerSetting("cache_size"), -8_192)
    }
}
