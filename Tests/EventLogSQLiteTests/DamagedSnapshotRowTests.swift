import EventLog
import EventLogSQLite
import EventLogTestSupport
import GRDB
import LedgerDemo
import PlatformKit
import XCTest

/// A snapshot row changed behind the log's back (a value of the wrong type, a negative size, a
/// sequence outside the log) is a corrupt snapshot: listed as damaged, skipped with a warning by
/// replay, and reported by verify; never a trap.
final class DamagedSnapshotRowTests: XCTestCase {
    let directory = TemporaryDirectory()

    /// A log of 40 ledger events with snapshots at 10, 20, 30 and 40 (ids 1 to 4), whose
    /// snapshot 1 was changed by `sql`.
    func ledger(_ sql: String) throws -> SQLiteEventLog {
        let path = directory.path("\(UUID().uuidString).sqlite")
        let log = try makeLog(path)
        let runner = try ProjectionRunner(LedgerProjection(), log: log, snapshots: log, policy: .every(10))
        var workload = LedgerWorkload(seed: 1, accounts: 3, payloadSize: 16)
        for _ in 0..<4 {
            try log.append(workload.next(10))
            try runner.catchUp()
        }
        try log.close()
        try DatabaseQueue(path: path).write { try $0.execute(sql: sql) }
        return try makeLog(path)
    }

    func test_aNegativeStateSize_isACorruptSnapshot() throws {
        let log = try ledger("UPDATE snapshots SET state_size = -1 WHERE id = 1")
        let replay = try LedgerProjection().replay(log, snapshots: log, upTo: 15)
        XCTAssertNil(replay.snapshot)
        XCTAssertEqual(replay.warnings, ["snapshot 1 of demo.ledger at 10: snapshot 1: state size -1 is negative; skipped"])
        XCTAssertEqual(replay.state, try LedgerProjection().replay(log, upTo: 15).state)
        let report = try log.verify(projections: [LedgerProjection()])
        XCTAssertEqual(report.problem?.description, "sequence 10: demo.ledger: snapshot 1: state size -1 is negative")
    }

    func test_aValueOfTheWrongType_isADamagedSnapshot() throws {
        for (sql, damage) in [
            ("sequence = 'x'", "damaged row: sequence is \"x\", of the wrong type"),
            ("state_size = 'big', projection_version = 'x'", "damaged row: projection_version is \"x\", state_size is \"big\", of the wrong type"),
            ("created_at = 'abc'", "damaged row: created_at is \"abc\", of the wrong type"),
            ("sequence = 1.5", "damaged row: sequence is 1.5, of the wrong type"),
        ] {
            let log = try ledger("UPDATE snapshots SET \(sql) WHERE id = 1")
            XCTAssertEqual(try log.allSnapshots().map(\.damage), [damage, nil, nil, nil])
            let replay = try LedgerProjection().replay(log, snapshots: log, upTo: 15)
            XCTAssertNil(replay.snapshot)
            XCTAssertEqual(replay.warnings, ["snapshot 1 of demo.ledger: \(damage); skipped"])
            XCTAssertEqual(try log.verify(projections: [LedgerProjection()]).problem?.description, "snapshot 1 of demo.ledger: \(damage)")
            XCTAssertEqual(try log.verify().problem?.description, "snapshot 1: \(damage)", "also when no replay checks it")
        }
    }

    func test_aSnapshotOutsideTheLog_isReported_andNeverUsed() throws {
        for (sequence, defect) in [
            (99_999, "its sequence 99999 is past the end of the log (40)"),
            (0, "its sequence 0 is before the first event"),
            (-5, "its sequence -5 is before the first event"),
        ] {
            let log = try ledger("UPDATE snapshots SET sequence = \(sequence) WHERE id = 1")
            XCTAssertEqual(try log.verify(projections: [LedgerProjection()]).problem?.description, "snapshot 1 of demo.ledger: \(defect)")
            XCTAssertEqual(try log.verify().problem?.description, "snapshot 1: \(defect)")
            let replay = try LedgerProjection().replay(log, snapshots: log, upTo: 5)
            XCTAssertNil(replay.snapshot)
            XCTAssertEqual(replay.warnings, ["snapshot 1 of demo.ledger: \(defect); skipped"])
            XCTAssertEqual(replay.state, try LedgerProjection().replay(log, upTo: 5).state)
        }
    }
}
