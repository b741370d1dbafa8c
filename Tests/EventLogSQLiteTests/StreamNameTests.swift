import EventLog
import EventLogSQLite
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
        let log = try makeLog(directory.path("names.sqlite"), runLength: 1_000)
        // 12 000 new streams (about three windows of names), each event after the first 500 also
        // touching an older stream picked at random, as riders' streams are met again.
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

        for from in [1, 9_000, 17_500] {
            var names: [String] = []
            try log.forEach(EventQuery(from: Int64(from))) { names.append($0.streamID) }
            XCTAssertEqual(names, Array(expected[(from - 1)...]), "from \(from)")
        }
        // Reading backwards in pieces: every look-up is of a stream older than the ones loaded.
        let reopened = try makeLog(directory.path("names.sqlite"), runLength: 1_000)
        for from in stride(from: expected.count - 99, through: 1, by: -2_000) {
            var names: [String] = []
            try reopened.forEach(EventQuery(from: Int64(from), limit: 100)) { names.append($0.streamID) }
            XCTAssertEqual(names, Array(expected[(from - 1)..<(from + 99)]), "from \(from)")
        }
    }
}
