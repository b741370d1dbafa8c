import EventLog
import LedgerDemo
import PlatformKit
import XCTest

/// A group fed right after an append folds each event's typed value instead of decoding it again,
/// and reaches the same state as a replay.
final class ProjectionGroupTests: XCTestCase {
    private func group(_ log: InMemoryEventLog) throws -> ProjectionGroup {
        try ProjectionGroup([LedgerProjection()], log: log)
    }

    private func randomEvents(_ count: Int, seed: UInt64) throws -> [NewEvent] {
        var random = SeededGenerator(seed: seed)
        return try (0..<count).map { _ in
            let account = "acct-\(Int.random(in: 0..<20, using: &random))"
            return Bool.random(using: &random)
                ? try Deposited(account: account, amount: .random(in: 1...9_000, using: &random), memo: "m").newEvent(stream: account)
                : try Withdrawn(account: account, amount: .random(in: 1...4_000, using: &random)).newEvent(stream: account)
        }
    }

    func test_foldingTypedValues_equalsDecodingAndReplaying() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        let typed = try group(log)
        let decoded = try group(log)
        for batch in 0..<20 {
            let events = try randomEvents(50, seed: UInt64(batch))
            let first = try log.lastSequence() + 1
            try log.append(events)
            let recorded = try log.events(EventQuery(from: first))
            try typed.apply(recorded, appended: events)
            try decoded.apply(recorded)
        }
        let replayed = try LedgerProjection().replay(log).state
        XCTAssertEqual(typed.state(of: LedgerProjection.self), replayed)
        XCTAssertEqual(decoded.state(of: LedgerProjection.self), replayed)
        XCTAssertEqual(replayed.eventCount, 1_000)
    }

    func test_aMatchingTypedValue_isFoldedWithoutDecodingThePayload() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        var event = try Deposited(account: "a", amount: 70, memo: "").newEvent(stream: "a")
        event.payload = [0xFF, 0x01]
        try log.append([event])
        let recorded = try log.events()
        XCTAssertThrowsError(try group(log).apply(recorded))
        let typed = try ProjectionGroup([LedgerProjection()], log: InMemoryEventLog(clock: .constant(.epoch)))
        try typed.apply(recorded, appended: [event])
        XCTAssertEqual(typed.state(of: LedgerProjection.self)?.balances["a"], 70)
    }

    func test_aTypedValueOfAnotherType_isIgnored_andThePayloadDecoded() throws {
        let empty = InMemoryEventLog(clock: .constant(.epoch))
        var event = try Deposited(account: "a", amount: 70, memo: "").newEvent(stream: "a")
        event.typed = Withdrawn(account: "a", amount: 5)
        let log = InMemoryEventLog(clock: .constant(.epoch))
        try log.append([event])
        let typed = try group(empty)
        try typed.apply(try log.events(), appended: [event])
        XCTAssertEqual(typed.state(of: LedgerProjection.self)?.balances["a"], 70)
    }

    /// Routes are cached by the typed value's Swift type: an event whose typed value's type was
    /// seen before with another event type is still routed by its own type name.
    func test_aTypedValueSeenBeforeWithAnotherEventType_isRoutedByTheEventsOwnType() throws {
        let withdrawal = try Withdrawn(account: "a", amount: 5).newEvent(stream: "a")
        var deposit = try Deposited(account: "a", amount: 70, memo: "").newEvent(stream: "a")
        deposit.typed = Withdrawn(account: "a", amount: 5)
        let log = InMemoryEventLog(clock: .constant(.epoch))
        try log.append([withdrawal, deposit])
        let typed = try group(InMemoryEventLog(clock: .constant(.epoch)))
        try typed.apply(try log.events(), appended: [withdrawal, deposit])
        XCTAssertEqual(typed.state(of: LedgerProjection.self), try LedgerProjection().replay(log).state)
        XCTAssertEqual(typed.state(of: LedgerProjection.self)?.balances["a"], 65)
    }

    func test_eventsWithoutATypedValue_areDecoded_besideTypedOnes() throws {
        let typedDeposit = try Deposited(account: "a", amount: 70, memo: "").newEvent(stream: "a")
        var untyped = NewEvent(
            streamID: "a", type: Deposited.eventType, schemaVersion: Deposited.schemaVersion,
            payload: try BinaryEncoder().encode(Deposited(account: "a", amount: 30, memo: ""))
        )
        XCTAssertNil(untyped.typed)
        XCTAssertTrue(typedDeposit.typed is Deposited)
        let log = InMemoryEventLog(clock: .constant(.epoch))
        try log.append([typedDeposit, untyped, typedDeposit])
        let typed = try group(InMemoryEventLog(clock: .constant(.epoch)))
        try typed.apply(try log.events(), appended: [typedDeposit, untyped, typedDeposit])
        XCTAssertEqual(typed.state(of: LedgerProjection.self)?.balances["a"], 170)

        untyped.typed = Withdrawn(account: "a", amount: 5)
        XCTAssertTrue(untyped.typed is Withdrawn)
        untyped.typed = nil
        XCTAssertNil(untyped.typed)
    }

    func test_mismatchedBatches_areRefused() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        let events = try randomEvents(2, seed: 1)
        try log.append(events)
        XCTAssertThrowsError(try group(InMemoryEventLog(clock: .constant(.epoch))).apply(try log.events(), appended: [events[0]]))
    }
}

/// A size budget spaces snapshots of big states out; without one, the interval alone decides.
final class SnapshotPolicyTests: XCTestCase {
    func test_interval_alone() {
        let policy = SnapshotPolicy.every(100)
        XCTAssertFalse(policy.isDue(at: 99, lastSnapshot: 0, lastSize: 1 << 30))
        XCTAssertTrue(policy.isDue(at: 100, lastSnapshot: 0, lastSize: 1 << 30))
        XCTAssertFalse(SnapshotPolicy.never.isDue(at: 1_000_000, lastSnapshot: 0))
    }

    func test_sizeBudget_waitsForEnoughEventsAfterABigSnapshot() {
        let policy = SnapshotPolicy.every(100, stateBytesPerEvent: 10)
        XCTAssertTrue(policy.isDue(at: 100, lastSnapshot: 0, lastSize: 500))
        XCTAssertFalse(policy.isDue(at: 4_999, lastSnapshot: 0, lastSize: 50_000))
        XCTAssertTrue(policy.isDue(at: 5_000, lastSnapshot: 0, lastSize: 50_000))
    }

    func test_aGroup_spacesSnapshotsByTheirSize() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        let group = try ProjectionGroup([LedgerProjection()], log: log, snapshots: log, policy: .every(10, stateBytesPerEvent: 4))
        for index in 0..<1_000 {
            let events = [try Deposited(account: "acct-\(index)", amount: 1, memo: "").newEvent(stream: "acct-\(index)")]
            try log.append(events)
            try group.apply(try log.events(EventQuery(from: Int64(index + 1))), appended: events)
        }
        let snapshots = try log.snapshots(of: LedgerProjection().name).sorted { $0.sequence < $1.sequence }
        XCTAssertGreaterThan(snapshots.count, 3)
        XCTAssertEqual(snapshots.first?.sequence, 10)
        // Each gap is the interval or the last snapshot's size / 4, whichever is larger.
        for (previous, next) in zip(snapshots, snapshots.dropFirst()) {
            XCTAssertEqual(next.sequence - previous.sequence, max(10, Int64(previous.stateSize / 4)))
        }
        XCTAssertGreaterThan(Int64(snapshots.last!.stateSize / 4), 10)
        XCTAssertEqual(group.lastSnapshotSize, snapshots.last?.stateSize)
    }
}
