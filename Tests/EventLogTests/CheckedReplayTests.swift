import EventLog
import LedgerDemo
import PlatformKit
import XCTest

/// A replay from the start that compares each snapshot of its projection on the way.
final class CheckedReplayTests: XCTestCase {
    /// A log of `count` deposits over three accounts, snapshotted every `snapshotEvery` events.
    private func ledger(_ count: Int, snapshotEvery: Int64) throws -> InMemoryEventLog {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        let runner = try ProjectionRunner(LedgerProjection(), log: log, snapshots: log, policy: .every(snapshotEvery))
        for index in 1...count {
            try log.append([Deposited(account: "a\(index % 3)", amount: Int64(index), memo: "m").newEvent(stream: "acct-\(index % 3)")])
            try runner.catchUp()
        }
        return log
    }

    func test_everySnapshotMatches_andTheStateIsTheReplaysAtTheEnd() throws {
        let log = try ledger(23, snapshotEvery: 5)
        let checked = try LedgerProjection().replayCheckingSnapshots(log, snapshots: log)
        XCTAssertNil(checked.mismatch)
        XCTAssertEqual(checked.snapshotsChecked, 4)
        XCTAssertEqual(checked.state, try LedgerProjection().replay(log).state)
        XCTAssertEqual(checked.state?.lastSequence, 23)
    }

    func test_aSnapshotThatDiffers_endsTheReplayAtItsSequence() throws {
        let log = try ledger(23, snapshotEvery: 5)
        let wrong = LedgerProjection.State(balances: ["a0": -1], eventCount: 12, lastSequence: 12)
        try log.saveSnapshot(projection: LedgerProjection().name, version: LedgerProjection().version, sequence: 12, state: BinaryEncoder().encode(wrong))
        let checked = try LedgerProjection().replayCheckingSnapshots(log, snapshots: log)
        XCTAssertEqual(checked.mismatch?.sequence, 12)
        XCTAssertTrue(checked.mismatch?.message.contains("differs") ?? false, "\(String(describing: checked.mismatch))")
        XCTAssertEqual(checked.snapshotsChecked, 2)
        XCTAssertNil(checked.state)
    }

    func test_snapshotsOfAnotherVersionOrPastUpTo_areNotCompared() throws {
        let log = try ledger(23, snapshotEvery: 5)
        try log.saveSnapshot(projection: LedgerProjection().name, version: LedgerProjection().version + 1, sequence: 7, state: [1, 2, 3])
        let checked = try LedgerProjection().replayCheckingSnapshots(log, snapshots: log, upTo: 16)
        XCTAssertNil(checked.mismatch)
        XCTAssertEqual(checked.snapshotsChecked, 3)
        XCTAssertEqual(checked.state, try LedgerProjection().replay(log, upTo: 16).state)
    }

    func test_stop_endsTheReplayWithoutAStateBeforeTheEventItRefuses() throws {
        let log = try ledger(23, snapshotEvery: 5)
        var asked: [Int64] = []
        let checked = try LedgerProjection().replayCheckingSnapshots(log, snapshots: log) { sequence in
            asked.append(sequence)
            return sequence > 8
        }
        XCTAssertNil(checked.state)
        XCTAssertNil(checked.mismatch)
        XCTAssertEqual(checked.snapshotsChecked, 1)
        XCTAssertEqual(asked, Array(1...9))
    }
}
