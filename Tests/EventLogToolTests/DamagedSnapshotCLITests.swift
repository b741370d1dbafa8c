import EventLogTestSupport
import Foundation
import XCTest

/// Snapshot rows changed behind the log's back: every command reports them in one line, none traps.
extension EventLogCLITests {
    func test_damagedSnapshotRows_areListedAsCorrupt_skippedByReplay_andFailVerify() throws {
        let log = try makeLedger()
        _ = try runProcess("/usr/bin/sqlite3", [log, """
            UPDATE snapshots SET sequence = 'x' WHERE id = 1;
            UPDATE snapshots SET state_size = -1 WHERE id = 2;
            UPDATE snapshots SET created_at = -9223372036854775808 WHERE id = 3;
            """])
        let listed = try eventlog("snapshots", log)
        XCTAssertEqual(listed.status, 0, listed.error)
        let rows = lines(listed.output)
        XCTAssertEqual(rows[1], "1\tdemo.ledger\tcorrupt: damaged row: sequence is \"x\", of the wrong type")
        XCTAssertTrue(rows[2].hasPrefix("2\tdemo.ledger\t1\t40\t-1\t"), rows[2])
        XCTAssertTrue(rows[3].hasSuffix("\t-292275055-05-16T16:47:04.192Z"), rows[3])

        let replay = try eventlog("replay", log, "--projection", "demo.ledger")
        XCTAssertEqual(replay.status, 0, replay.error)
        XCTAssertTrue(replay.error.contains("warning: snapshot 1 of demo.ledger: damaged row: sequence is \"x\", of the wrong type; skipped"), replay.error)
        let verify = try eventlog("verify", log)
        XCTAssertEqual(verify.status, 1)
        XCTAssertEqual(verify.error, "eventlog: \(log): verification failed at snapshot 1 of demo.ledger: damaged row: sequence is \"x\", of the wrong type\n")

        _ = try runProcess("/usr/bin/sqlite3", [log, "UPDATE snapshots SET sequence = 20 WHERE id = 1"])
        let negative = try eventlog("verify", log)
        XCTAssertEqual(negative.error, "eventlog: \(log): verification failed at sequence 40: demo.ledger: snapshot 2: state size -1 is negative\n")
        let replayed = try eventlog("replay", log, "--projection", "demo.ledger", "--at", "45")
        XCTAssertEqual(replayed.status, 0, replayed.error)
        XCTAssertTrue(replayed.error.contains("warning: snapshot 2 of demo.ledger at 40: snapshot 2: state size -1 is negative; skipped"), replayed.error)
    }

    func test_aSnapshotPastTheEndOfTheLog_failsVerify() throws {
        let log = try makeLedger()
        _ = try runProcess("/usr/bin/sqlite3", [log, "UPDATE snapshots SET sequence = 99999 WHERE id = 1"])
        let verify = try eventlog("verify", log)
        XCTAssertEqual(verify.status, 1)
        XCTAssertEqual(verify.error, "eventlog: \(log): verification failed at snapshot 1 of demo.ledger: its sequence 99999 is past the end of the log (61)\n")
    }

    func test_snapshots_ofAProjectionNeitherKnownNorStored_isRefused_asReplayRefusesIt() throws {
        let log = try makeLedger()
        let listed = try eventlog("snapshots", log, "--projection", "nope")
        let replayed = try eventlog("replay", log, "--projection", "nope")
        XCTAssertEqual(listed.status, 1)
        XCTAssertTrue(listed.error.hasPrefix("eventlog: unknown projection 'nope'; known: demo.ledger, "), listed.error)
        XCTAssertEqual(listed.error, replayed.error)
        XCTAssertEqual(try eventlog("snapshots", log, "--projection", "demo.ledger").status, 0)
    }
}
