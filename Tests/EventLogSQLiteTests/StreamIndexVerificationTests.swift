import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import PlatformKit
import XCTest

/// `verify` checks the stream index against the events: a damaged index gives wrong stream reads.
final class StreamIndexVerificationTests: XCTestCase {
    let directory = TemporaryDirectory()

    /// 42 events, event n on stream `s((n - 1) % 3)` but event 1 on `lonely`, in batches of 4
    /// and 2: index runs 1–8, 9–16, …, 33–40 and a tail of two events; closed on return.
    func makeIndexedLog(_ name: String) throws -> String {
        let path = directory.path(name)
        let log = try makeLog(path, runLength: 8)
        let events = (1...42).map { n in
            NewEvent(streamID: n == 1 ? "lonely" : "s\((n - 1) % 3)", type: "t", schemaVersion: 1, payload: [UInt8(n)])
        }
        for start in stride(from: 0, to: events.count, by: 4) {
            try log.append(Array(events[start..<min(start + 4, events.count)]))
        }
        XCTAssertTrue(try log.verify().isValid)
        try log.close()
        return path
    }

    /// The problem `verify` finds in the log at `path` once `sql` ran on it.
    func problem(_ path: String, after sql: String) throws -> VerificationReport.Problem? {
        let edit = try runProcess("/usr/bin/sqlite3", [path, sql])
        XCTAssertEqual(edit.status, 0, edit.error)
        return try makeLog(path).verify().problem
    }

    func id(_ stream: String) -> String { "(SELECT id FROM streams WHERE name = '\(stream)')" }

    func test_indexedThroughPastTheRuns_isFound() throws {
        let found = try problem(makeIndexedLog("past.sqlite"), after: "UPDATE meta SET value = 99999999 WHERE key = 'indexed_through'")
        XCTAssertEqual(found?.description, "sequence 41: the stream index says it runs through event 99999999, but its last run ends at 40")
    }

    func test_indexedThroughShortOfTheRuns_isFound() throws {
        let found = try problem(makeIndexedLog("short.sqlite"), after: "UPDATE meta SET value = 8 WHERE key = 'indexed_through'")
        XCTAssertEqual(found?.description, "sequence 9: the stream index says it runs through event 8, but its last run ends at 40")
    }

    func test_indexedThroughPastTheLastEvent_isFound() throws {
        let found = try problem(makeIndexedLog("end.sqlite"), after: """
            UPDATE meta SET value = 48 WHERE key = 'indexed_through'; INSERT INTO index_runs VALUES (41, 48);
            INSERT INTO stream_runs VALUES (41, \(id("s1")), X'29'), (41, \(id("s2")), X'2A');
            """)
        XCTAssertEqual(found?.description, "sequence 43: the stream index runs through event 48, past the last event (42)")
    }

    func test_aMissingRun_isFound() throws {
        let found = try problem(makeIndexedLog("gap.sqlite"), after: "DELETE FROM index_runs WHERE first_seq = 17")
        XCTAssertEqual(found?.description, "sequence 17: the stream index has no run from this event on (its next run is 25–32)")
    }

    func test_aMissingStreamRow_isFound() throws {
        let found = try problem(makeIndexedLog("row.sqlite"), after: "DELETE FROM stream_runs WHERE run = 9 AND stream_id = \(id("s1"))")
        XCTAssertEqual(found?.description, "sequence 11: stream 's1': the stream index (run 9–16) does not list it")
    }

    func test_aRowMovedToAnotherRun_isFound() throws {
        let found = try problem(makeIndexedLog("moved.sqlite"), after: "UPDATE stream_runs SET run = 9 WHERE run = 1 AND stream_id = \(id("lonely"))")
        XCTAssertEqual(found?.description, "sequence 1: stream 'lonely': the stream index (run 1–8) does not list it")
    }

    func test_anEventListedUnderAnotherStream_isFound() throws {
        // s0's events in run 9–16 are 10, 13 and 16; its row lists s1's 11 as well, and s1 has none.
        let found = try problem(makeIndexedLog("other.sqlite"), after: """
            DELETE FROM stream_runs WHERE run = 9 AND stream_id = \(id("s1"));
            UPDATE stream_runs SET seqs = X'0A010203' WHERE run = 9 AND stream_id = \(id("s0"));
            """)
        XCTAssertEqual(found?.description, "sequence 11: stream 's1': the stream index (run 9–16) lists it under stream 's0'")
    }

    func test_anEventListedTwice_isFound() throws {
        let found = try problem(makeIndexedLog("twice.sqlite"), after: "UPDATE stream_runs SET seqs = X'0B' WHERE run = 9 AND stream_id = \(id("s0"))")
        XCTAssertEqual(found?.description, "sequence 11: the stream index's row of stream 's0' in run 9–16 lists this event, which the row of stream 's1' lists too")
    }

    func test_anEventOutsideItsRun_orAMalformedRow_isFound() throws {
        let outside = try problem(makeIndexedLog("outside.sqlite"), after: "UPDATE stream_runs SET seqs = X'0A0304' WHERE run = 9 AND stream_id = \(id("s0"))")
        XCTAssertEqual(outside?.description, "sequence 9: the stream index's row of stream 's0' in run 9–16 lists event 17, outside the run")
        let malformed = try problem(makeIndexedLog("malformed.sqlite"), after: "UPDATE stream_runs SET seqs = X'80' WHERE run = 9 AND stream_id = \(id("s0"))")
        XCTAssertEqual(malformed?.description, "sequence 9: the stream index's row of stream 's0' in run 9–16 is malformed")
    }
}
