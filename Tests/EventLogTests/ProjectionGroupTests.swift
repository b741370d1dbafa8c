import EventLog
import LedgerDemo
import PlatformKit
import XCTest

/// A group fed each event just before it is appended folds its typed value instead of decoding
/// its payload, and reaches the same state as a replay.
final class ProjectionGroupTests: XCTestCase {
    private func group(_ log: InMemoryEventLog) throws -> ProjectionGroup {
        try ProjectionGroup([LedgerProjection()], log: log)
    }

    private var emptyLog: InMemoryEventLog { InMemoryEventLog(clock: .constant(.epoch)) }

    private func randomEvents(_ count: Int, seed: UInt64) throws -> [NewEvent] {
        var random = SeededGenerator(seed: seed)
        return try (0..<count).map { _ in
            let account = "acct-\(Int.random(in: 0..<20, using: &random))"
            return Bool.random(using: &random)
                ? try Deposited(account: account, amount: .random(in: 1...9_000, using: &random), memo: "m").newEvent(stream: account)
                : try Withdrawn(account: account, amount: .random(in: 1...4_000, using: &random)).newEvent(stream: account)
        }
    }

    /// Folds `events` into `group` as the log's next ones, then appends them to `log`.
    private func foldThenAppend(_ events: [NewEvent], into group: ProjectionGroup, _ log: InMemoryEventLog) throws {
        var sequence = try log.lastSequence()
        for event in events {
            sequence += 1
            try group.apply(event, at: sequence, recordedAt: .epoch)
        }
        try log.append(events)
    }

    func test_foldingTypedValues_equalsDecodingAndReplaying() throws {
        let log = emptyLog
        let typed = ProjectionGroup(startingEmpty: [LedgerProjection()])
        let decoded = try group(log)
        for batch in 0..<20 {
            let events = try randomEvents(50, seed: UInt64(batch))
            let first = try log.lastSequence() + 1
            try foldThenAppend(events, into: typed, log)
            try decoded.apply(try log.events(EventQuery(from: first)))
        }
        let replayed = try LedgerProjection().replay(log).state
        XCTAssertEqual(typed.state(of: LedgerProjection.self), replayed)
        XCTAssertEqual(decoded.state(of: LedgerProjection.self), replayed)
        XCTAssertEqual(replayed.eventCount, 1_000)
        XCTAssertEqual(replayed.lastSequence, 1_000)
        XCTAssertEqual(typed.sequence, 1_000)
    }

    func test_aGroupStartingEmpty_isAtSequenceZero_withEachInitialState() {
        let group = ProjectionGroup(startingEmpty: [LedgerProjection()])
        XCTAssertEqual(group.sequence, 0)
        XCTAssertEqual(group.state(of: LedgerProjection.self), LedgerProjection().initialState)
    }

    func test_aMatchingTypedValue_isFoldedWithoutDecodingThePayload() throws {
        var event = try Deposited(account: "a", amount: 70, memo: "").newEvent(stream: "a")
        event.payload = [0xFF, 0x01]
        let log = emptyLog
        let typed = ProjectionGroup(startingEmpty: [LedgerProjection()])
        try foldThenAppend([event], into: typed, log)
        XCTAssertThrowsError(try group(emptyLog).apply(try log.events()))
        XCTAssertEqual(typed.state(of: LedgerProjection.self)?.balances["a"], 70)
    }

    func test_aTypedValueOfAnotherType_isIgnored_andThePayloadDecoded() throws {
        var event = try Deposited(account: "a", amount: 70, memo: "").newEvent(stream: "a")
        event.typed = Withdrawn(account: "a", amount: 5)
        let typed = ProjectionGroup(startingEmpty: [LedgerProjection()])
        try foldThenAppend([event], into: typed, emptyLog)
        XCTAssertEqual(typed.state(of: LedgerProjection.self)?.balances["a"], 70)
    }

    /// Routes are cached by the typed value's Swift type: an event whose typed value's type was
    /// seen before with another event type is still routed by its own type name.
    func test_aTypedValueSeenBeforeWithAnotherEventType_isRoutedByTheEventsOwnType() throws {
        let withdrawal = try Withdrawn(account: "a", amount: 5).newEvent(stream: "a")
        var deposit = try Deposited(account: "a", amount: 70, memo: "").newEvent(stream: "a")
        deposit.typed = Withdrawn(account: "a", amount: 5)
        let log = emptyLog
        let typed = ProjectionGroup(startingEmpty: [LedgerProjection()])
        try foldThenAppend([withdrawal, deposit], into: typed, log)
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
        let typed = ProjectionGroup(startingEmpty: [LedgerProjection()])
        try foldThenAppend([typedDeposit, untyped, typedDeposit], into: typed, emptyLog)
        XCTAssertEqual(typed.state(of: LedgerProjection.self)?.balances["a"], 170)

        untyped.typed = Withdrawn(account: "a", amount: 5)
        XCTAssertTrue(untyped.typed is Withdrawn)
        untyped.typed = nil
        XCTAssertNil(untyped.typed)
    }

    func test_typedEventsFoldedBeforeTheyAreRecorded_equalReplaying() throws {
        let log = emptyLog
        let group = ProjectionGroup(startingEmpty: [LedgerProjection(), DepositTotalProjection()])
        for batch in 0..<10 {
            let events = try randomEvents(40, seed: UInt64(batch)).map { TypedEvent($0.typed!, stream: $0.streamID) }
            try fold(events, into: group, from: try log.lastSequence() + 1)
            try log.record(events)
        }
        XCTAssertEqual(group.state(of: LedgerProjection.self), try LedgerProjection().replay(log).state)
        XCTAssertEqual(group.state(of: DepositTotalProjection.self), try DepositTotalProjection().replay(log).state)
        XCTAssertGreaterThan(group.state(of: DepositTotalProjection.self) ?? 0, 0)
        XCTAssertEqual(group.sequence, 400)
    }

    /// A member that decodes an event to a Swift type of its own reads the encoding it is given.
    func test_aMemberDecodingItsOwnType_readsThePayload() throws {
        let group = ProjectionGroup(startingEmpty: [DepositTotalProjection()])
        try fold([TypedEvent(Deposited(account: "a", amount: 70, memo: "m"), stream: "a")], into: group, from: 1)
        XCTAssertEqual(group.state(of: DepositTotalProjection.self), 70)
        XCTAssertThrowsError(
            try group.apply(Deposited(account: "a", amount: 1, memo: ""), stream: "a", encodedAs: UnsafeRawBufferPointer(start: nil, count: 0), at: 2, recordedAt: .epoch)
        )
    }

    /// A typed event is routed by its own type's name, whatever a ``NewEvent`` with a typed value
    /// of that Swift type but another type name was routed by before.
    func test_aTypedEvent_isRoutedByItsOwnType_afterANewEventWhoseTypedValueDiffered() throws {
        var deposit = try Deposited(account: "a", amount: 70, memo: "").newEvent(stream: "a")
        deposit.typed = Withdrawn(account: "a", amount: 5)
        let group = ProjectionGroup(startingEmpty: [LedgerProjection()])
        try group.apply(deposit, at: 1, recordedAt: .epoch)
        try fold([TypedEvent(Withdrawn(account: "a", amount: 5), stream: "a")], into: group, from: 2)
        try group.apply(deposit, at: 3, recordedAt: .epoch)
        XCTAssertEqual(group.state(of: LedgerProjection.self)?.balances["a"], 135)
    }

    /// Folds `events` as sequence `first` on, each with its encoding.
    private func fold(_ events: [TypedEvent], into group: ProjectionGroup, from first: Int64) throws {
        for (offset, event) in events.enumerated() {
            try event.event.encodedPayload().withUnsafeBytes { payload in
                try group.apply(event.event, stream: event.stream, encodedAs: payload, at: first + Int64(offset), recordedAt: .epoch)
            }
        }
    }

    func test_anEventOutOfSequence_isRefused_andNothingFolded() throws {
        let group = ProjectionGroup(startingEmpty: [LedgerProjection()])
        let event = try Deposited(account: "a", amount: 70, memo: "").newEvent(stream: "a")
        XCTAssertThrowsError(try group.apply(event, at: 2, recordedAt: .epoch)) { error in
            XCTAssertEqual((error as? EventLogError)?.code, .invalidInput, "\(error)")
        }
        XCTAssertEqual(group.sequence, 0)
        XCTAssertEqual(group.state(of: LedgerProjection.self), LedgerProjection().initialState)
    }
}

/// A size budget spaces snapshots of big states out; without one, the interval alone decides.
final class SnapshotPolicyTests: XCTestCase {
    func test_interval_alone() {
        let policy = SnapshotPolicy.every(100)
        XCTAssertFalse(policy.isDue(at: 99, lastSnapshot: 0, lastSize: 1 << 30))
        XCTAssertTrue(policy.isDue(at: 100, lastSnapshot: 0, lastSize: 1 << 30))
        XCTAssertFalse(SnapshotPolicy.never.isDue(at: 1_000_000, lastSnapshot: 0))
        XCTAssertEqual(policy.dueSequence(lastSnapshot: 250), 350)
        XCTAssertNil(SnapshotPolicy.never.dueSequence(lastSnapshot: 0))
    }

    func test_sizeBudget_waitsForEnoughEventsAfterABigSnapshot() {
        let policy = SnapshotPolicy.every(100, stateBytesPerEvent: 10)
        XCTAssertTrue(policy.isDue(at: 100, lastSnapshot: 0, lastSize: 500))
        XCTAssertFalse(policy.isDue(at: 4_999, lastSnapshot: 0, lastSize: 50_000))
        XCTAssertTrue(policy.isDue(at: 5_000, lastSnapshot: 0, lastSize: 50_000))
        XCTAssertEqual(policy.dueSequence(lastSnapshot: 7, lastSize: 50_000), 5_007)
        XCTAssertEqual(policy.dueSequence(lastSnapshot: 7, lastSize: 500), 107)
    }

    func test_aGroup_spacesSnapshotsByTheirSize() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        let group = try ProjectionGroup([LedgerProjection()], log: log, snapshots: log, policy: .every(10, stateBytesPerEvent: 4))
        for index in 0..<1_000 {
            try log.append([try Deposited(account: "acct-\(index)", amount: 1, memo: "").newEvent(stream: "acct-\(index)")])
            try group.apply(try log.events(EventQuery(from: Int64(index + 1))))
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

/// The sum of every deposit, read through a view of `ledger.deposited` of its own.
private struct DepositTotalProjection: Projection {
    struct DepositAmount: Event {
        static let eventType = Deposited.eventType
        static let schemaVersion = Deposited.schemaVersion
        var amount: Int64
    }

    let name = "test.deposit-total"
    let version = 1
    let initialState: Int64 = 0
    var events: EventRegistry {
        var registry = EventRegistry()
        registry.register(DepositAmount.self)
        return registry
    }

    func apply(_ event: any Event, envelope: RecordedEvent, to state: inout Int64) {
        if let deposit = event.exactly(DepositAmount.self) { state += deposit.amount }
    }
}
