import EventLog
@testable import EventLogSQLite
import EventLogTestSupport
import LedgerDemo
import PlatformKit
import XCTest

/// Readers name each event's stream from the `streams` table, loading names as ids show up.
/// Reading from the middle of a log meets streams created long before (loaded one by one) and
/// streams created after it (loaded a window at a time): every event must get its own name.
final class StreamNameTests: XCTestCase {
    func test_readingFromTheMiddle_namesOldAndNewStreamsAcrossSeveralWindows() throws {
        let directory = TemporaryDirectory()
        let (log, expected) = try makeLogOfManyStreams(directory.path("names.sqlite"))

        for from in [1, 9_000, 17_500] {
            var names: [String] = []
            try log.forEach(EventQuery(from: Int64(from))) { names.append($0.streamID) }
            XCTAssertEqual(names, Array(expected[(from - 1)...]), "from \(from)")
        }
        // Reading backwards in pieces: after the first window, every look-up is of an older stream.
        let reopened = try makeLog(directory.path("names.sqlite"), runLength: 1_000)
        for from in stride(from: expected.count - 99, through: 1, by: -2_000) {
            var names: [String] = []
            try reopened.forEach(EventQuery(from: Int64(from), limit: 100)) { names.append($0.streamID) }
            XCTAssertEqual(names, Array(expected[(from - 1)..<(from + 99)]), "from \(from)")
        }
    }

    /// A new id loads one window of names, an older one its own name only: never every later stream.
    func test_aMiss_loadsAWindowOfNewIdsOrOneOldName() throws {
        let directory = TemporaryDirectory()
        let (log, _) = try makeLogOfManyStreams(directory.path("names.sqlite"))
        let window = NameTable.streamWindow
        try log.reading { db in
            var table = NameTable()
            XCTAssertEqual(try table.stream(100, db), "new-99")
            XCTAssertEqual(table.streams.count, window)
            XCTAssertEqual(try table.stream(Int64(100 + window + 1_000), db), "new-\(99 + window + 1_000)")
            XCTAssertEqual(table.streams.count, 2 * window)
            XCTAssertEqual(try table.stream(50, db), "new-49")
            XCTAssertEqual(table.streams.count, 2 * window + 1)
            XCTAssertThrowsError(try table.stream(1_000_000, db))
        }
    }

    /// A log of 12 000 new streams (about three windows of names; stream `new-i` has id i + 1),
    /// each event after the first 500 followed by one on an older stream picked at random, as
    /// riders' streams are met again; and the stream of every event, in order.
    private func makeLogOfManyStreams(_ path: String) throws -> (SQLiteEventLog, [String]) {
        let log = try makeLog(path, runLength: 1_000)
        var random = SeededGenerator(seed: 7)
        var expected: [String] = []
        var batch: [NewEvent] = []
        for index in 0..<12_000 {
            var streams = ["new-\(index)"]
            if index >= 500 { streams.append("new-\(Int.random(in: 0..<index, using: &random))") }
            for stream in streams {
                batch.append(try Deposited(account: stream, amount: 1, memo: "").newEvent(stream: stream))
                expected.append(stream)
            }
            if batch.count >= 500 {
                _ = try log.append(batch)
                batch.removeAll()
            }
        }
        _ = try log.append(batch)
        return (log, expected)
    }
}
