import EventLog
import EventLogTestSupport
import LedgerDemo
import PlatformKit
import XCTest

final class InMemoryEventLogTests: XCTestCase {
    func test_inMemoryLog_satisfiesTheEventLogContract() throws {
        try EventLogContract { InMemoryEventLog(clock: $0) }.runAll()
    }

    func test_registry_decodesNilForUnknownTypeAndThrowsOnMalformedKnownPayload() throws {
        let registry = LedgerProjection().events
        let unknown = RecordedEvent(sequence: 1, streamID: "s", position: 1, type: "x.unknown", schemaVersion: 1, recordedAt: .epoch, payload: [])
        XCTAssertNil(try registry.decode(unknown))
        let malformed = RecordedEvent(sequence: 7, streamID: "s", position: 1, type: Withdrawn.eventType, schemaVersion: 1, recordedAt: .epoch, payload: [0xff])
        XCTAssertThrowsError(try registry.decode(malformed)) { error in
            XCTAssertTrue("\(error)".contains("event 7"), "\(error)")
        }
    }

    func test_projectionRunner_snapshotsByPolicyAndCatchesUp() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        let runner = try ProjectionRunner(LedgerProjection(), log: log, snapshots: log, policy: .every(3))
        for amount in 1...7 {
            try log.append([Deposited(account: "a", amount: Int64(amount), memo: "").newEvent(stream: "a")])
            try runner.catchUp()
        }
        XCTAssertEqual(runner.state.balances["a"], 28)
        XCTAssertEqual(try log.snapshots(of: "demo.ledger").map(\.sequence), [6, 3])
        let resumed = try ProjectionRunner(LedgerProjection(), log: log, snapshots: log)
        XCTAssertEqual(resumed.state, runner.state)
    }
}
