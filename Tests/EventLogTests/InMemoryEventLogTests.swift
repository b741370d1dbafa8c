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

extension InMemoryEventLogTests {
    func test_replayOfALongRange_readsAheadOnAnotherThread_andMatchesShortFolds() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        var workload = LedgerWorkload(seed: 11, accounts: 50, payloadSize: 60)
        for _ in 0..<20 { try log.append(workload.next(1_000)) }
        let projection = LedgerProjection()
        let whole = try projection.replay(log)
        var pieces = projection.initialState
        for start in stride(from: Int64(1), through: 20_000, by: 2_500) {
            _ = try projection.fold(log, into: &pieces, from: start, to: start + 2_499)
        }
        XCTAssertEqual(whole.state, pieces)
        XCTAssertEqual(whole.eventsApplied, 20_000)
    }

    func test_replayOfALongRange_surfacesAMalformedPayload_withoutHanging() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        var workload = LedgerWorkload(seed: 12, accounts: 5, payloadSize: 60)
        try log.append(workload.next(15_000))
        try log.append([NewEvent(streamID: "x", type: Deposited.eventType, schemaVersion: 2, payload: [0xff, 0xff])])
        try log.append(workload.next(5_000))
        XCTAssertThrowsError(try LedgerProjection().replay(log)) { error in
            XCTAssertEqual((error as? EventLogError)?.code, .corrupt(sequence: 15_001), "\(error)")
        }
    }
}
