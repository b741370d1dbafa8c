import EventLog
import LedgerDemo
import PlatformKit
import XCTest

/// The behaviour every event log implementation must have; run against each store.
public struct EventLogContract {
    public typealias Store = EventLogStore & SnapshotStore
    let makeLog: (Clock) throws -> any Store

    public init(makeLog: @escaping (Clock) throws -> any Store) {
        self.makeLog = makeLog
    }

    /// Runs every contract check.
    public func runAll(file: StaticString = #filePath, line: UInt = #line) throws {
        try appendsAreGaplessAndPositioned()
        try expectedPositionConflictWritesNothing()
        try idempotentAppendIsStoredOnce()
        try readsFilterByStreamTypeRangeAndLimit()
        try recordedAtComesFromTheInjectedClock()
        try replayUpcastsOldVersionsAndSkipsUnknownTypes()
        try replayFromSnapshotEqualsReplayFromStart()
        try snapshotOfOtherProjectionVersionIsSkipped()
        try snapshotsAreCreatedAtTheClockOrAtTheirOwnTime()
        try invalidEventsAreRefused()
        try namesWithANULAreRefused()
        try recordedEventsAreStoredAsAppended()
    }

    func deposit(_ account: String, _ amount: Int64) throws -> NewEvent {
        try Deposited(account: account, amount: amount, memo: "m").newEvent(stream: "account-\(account)")
    }

    func appendsAreGaplessAndPositioned() throws {
        let log = try makeLog(.constant(.epoch))
        let first = try log.append([deposit("a", 1), deposit("b", 2), deposit("a", 3)])
        XCTAssertEqual(first.map(\.sequence), [1, 2, 3])
        XCTAssertEqual(first.map(\.position), [1, 1, 2])
        let second = try log.append([deposit("a", 4)])
        XCTAssertEqual(second.map(\.sequence), [4])
        XCTAssertEqual(second.map(\.position), [3])
        XCTAssertEqual(try log.lastSequence(), 4)
        XCTAssertEqual(try log.streamVersion(of: "account-a"), 3)
        XCTAssertEqual(try log.streamVersion(of: "account-zzz"), 0)
        XCTAssertEqual(try log.events().map(\.sequence), [1, 2, 3, 4])
        XCTAssertEqual(try log.append([]), [])
    }

    /// ``EventLogWriter/record(_:)``: typed events land as their encodings appended would, in one
    /// transaction (an event that cannot be encoded writes nothing).
    func recordedEventsAreStoredAsAppended() throws {
        let events = [
            TypedEvent(Deposited(account: "a", amount: 5, memo: "m"), stream: "account-a"),
            TypedEvent(Withdrawn(account: "a", amount: 2), stream: "account-a"),
            TypedEvent(Deposited(account: "b", amount: 7, memo: ""), stream: "account-b"),
        ]
        let recorded = try makeLog(.constant(.epoch))
        try recorded.record(events)
        let appended = try makeLog(.constant(.epoch))
        try appended.append(events.map { try $0.event.newEvent(stream: $0.stream) })
        XCTAssertEqual(try recorded.events(), try appended.events())
        XCTAssertThrowsError(try recorded.record([events[0], TypedEvent(Unencodable(), stream: "account-a")]))
        XCTAssertEqual(try recorded.lastSequence(), 3, "a group that fails to encode writes nothing")
    }

    func expectedPositionConflictWritesNothing() throws {
        let log = try makeLog(.constant(.epoch))
        try log.append([deposit("a", 1)].expecting(stream: "account-a", atVersion: 0))
        let batch = [try deposit("b", 1), try deposit("a", 2)].expecting(stream: "account-a", atVersion: 0)
        XCTAssertThrowsError(try log.append(batch)) { error in
            guard case .concurrencyConflict(let stream, let expected, let actual)? = (error as? EventLogError)?.code else {
                return XCTFail("expected a conflict, got \(error)")
            }
            XCTAssertEqual(stream, "account-a")
            XCTAssertEqual(expected, 1)
            XCTAssertEqual(actual, 1)
        }
        XCTAssertEqual(try log.lastSequence(), 1, "a conflicting batch writes nothing")
        XCTAssertEqual(try log.streamVersion(of: "account-b"), 0)
        try log.append([deposit("a", 2)].expecting(stream: "account-a", atVersion: 1))
        XCTAssertEqual(try log.streamVersion(of: "account-a"), 2)
    }

    func idempotentAppendIsStoredOnce() throws {
        let log = try makeLog(.constant(.epoch))
        var event = try deposit("a", 5)
        event.idempotencyKey = "req-1"
        let first = try log.append([event])
        let again = try log.append([event])
        XCTAssertEqual(again, [AppendedEvent(sequence: first[0].sequence, streamID: "account-a", position: 1, isDuplicate: true)])
        let inOneBatch = try log.append([deposit("b", 1), event, deposit("b", 2)])
        XCTAssertEqual(inOneBatch.map(\.isDuplicate), [false, true, false])
        XCTAssertEqual(try log.lastSequence(), 3)
        var other = try deposit("c", 1)
        other.idempotencyKey = "req-2"
        let twiceInBatch = try log.append([other, other])
        XCTAssertEqual(twiceInBatch.map(\.sequence), [4, 4])
        XCTAssertEqual(try log.lastSequence(), 4)
        XCTAssertEqual(try log.events(EventQuery(from: 1)).filter { $0.idempotencyKey == "req-1" }.count, 1)
    }

    func readsFilterByStreamTypeRangeAndLimit() throws {
        let log = try makeLog(.constant(.epoch))
        for index in 0..<30 {
            let account = ["a", "b", "c"][index % 3]
            let event = index % 2 == 0
                ? try deposit(account, Int64(index))
                : try Withdrawn(account: account, amount: 1).newEvent(stream: "account-\(account)")
            try log.append([event])
        }
        let streamB = try log.events(EventQuery(stream: "account-b"))
        XCTAssertEqual(streamB.map(\.position), Array(1...10))
        XCTAssertTrue(streamB.allSatisfy { $0.streamID == "account-b" })
        XCTAssertEqual(try log.events(EventQuery(types: [Withdrawn.eventType])).count, 15)
        XCTAssertEqual(try log.events(EventQuery(from: 5, to: 9)).map(\.sequence), [5, 6, 7, 8, 9])
        XCTAssertEqual(try log.events(EventQuery(from: 10, limit: 3)).map(\.sequence), [10, 11, 12])
        let combined = try log.events(EventQuery(from: 10, stream: "account-a", types: [Deposited.eventType], limit: 2))
        XCTAssertEqual(combined.map(\.sequence), [13, 19])
        XCTAssertEqual(try log.events(EventQuery(stream: "nobody")), [])
        XCTAssertEqual(try log.events(EventQuery(types: ["no.such.type"])), [])
    }

    func recordedAtComesFromTheInjectedClock() throws {
        let clock = VirtualClock(start: Instant(millisecondsSinceEpoch: 1_000))
        let log = try makeLog(.virtual(clock))
        try log.append([deposit("a", 1)])
        clock.advance(by: .seconds(5))
        try log.append([deposit("a", 1)])
        XCTAssertEqual(try log.events().map(\.recordedAt.millisecondsSinceEpoch), [1_000, 6_000])

        // An event that says when it happened is recorded then, with its hash over that time;
        // the others of the same append get the clock's.
        var early = try deposit("b", 1)
        early.recordedAt = Instant(millisecondsSinceEpoch: 2_500)
        var batch = EventBatch()
        try batch.append(Deposited(account: "b", amount: 2, memo: "m"), stream: "account-b", at: Instant(millisecondsSinceEpoch: 3_000))
        try log.append([early, deposit("b", 3)] + Array(batch))
        XCTAssertEqual(try log.events(EventQuery(stream: "account-b")).map(\.recordedAt.millisecondsSinceEpoch), [2_500, 6_000, 3_000])
        // A time export and import could not carry (outside years 0000–9999) is refused by both stores.
        var far = try deposit("c", 1)
        far.recordedAt = Instant(millisecondsSinceEpoch: .max)
        XCTAssertThrowsError(try log.append([far])) { XCTAssertTrue("\($0)".contains("outside years 0000–9999"), "\($0)") }
        XCTAssertEqual(try log.streamVersion(of: "account-c"), 0)
        // So is the clock's own time out there (an `earnings simulate --start` in year 9999 went past it).
        let late = try makeLog(.constant(Instant(millisecondsSinceEpoch: Instant.fourDigitYears.upperBound.millisecondsSinceEpoch + 1)))
        XCTAssertThrowsError(try late.append([deposit("a", 1)])) { XCTAssertTrue("\($0)".contains("outside years 0000–9999"), "\($0)") }
        XCTAssertEqual(try late.lastSequence(), 0)
    }

    func replayUpcastsOldVersionsAndSkipsUnknownTypes() throws {
        let log = try makeLog(.constant(.epoch))
        let old = NewEvent(streamID: "account-a", type: Deposited.eventType, schemaVersion: 1,
                           payload: try BinaryEncoder().encode(DepositedV1(account: "a", units: 3)))
        let future = NewEvent(streamID: "account-a", type: "ledger.frozen", schemaVersion: 1, payload: [1, 2, 3])
        let newer = NewEvent(streamID: "account-a", type: Deposited.eventType, schemaVersion: 9, payload: [9])
        try log.append([old, future, newer, deposit("a", 50)])
        let result = try LedgerProjection().replay(log)
        XCTAssertEqual(result.state.balances["a"], 350)
        XCTAssertEqual(result.state.eventCount, 2)
        XCTAssertEqual(result.sequence, 4)
        XCTAssertEqual(try log.events().map(\.type), [Deposited.eventType, "ledger.frozen", Deposited.eventType, Deposited.eventType],
                       "unknown events stay in the log")
    }

    func replayFromSnapshotEqualsReplayFromStart() throws {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<5 {
            let log = try makeLog(.constant(.epoch))
            let runner = try ProjectionRunner(LedgerProjection(), log: log, snapshots: log, policy: .every(Int64.random(in: 1...20, using: &random)))
            for _ in 0..<Int.random(in: 1...120, using: &random) {
                let account = "acct\(Int.random(in: 0..<7, using: &random))"
                let amount = Int64.random(in: 1...1_000, using: &random)
                let event = Bool.random(using: &random)
                    ? try deposit(account, amount)
                    : try Withdrawn(account: account, amount: amount).newEvent(stream: "account-\(account)")
                try log.append([event])
                if Int.random(in: 0..<3, using: &random) == 0 { try runner.catchUp() }
            }
            try runner.catchUp()
            let fromStart = try LedgerProjection().replay(log)
            let fromSnapshot = try LedgerProjection().replay(log, snapshots: log)
            XCTAssertEqual(fromSnapshot.state, fromStart.state)
            XCTAssertEqual(runner.state, fromStart.state)
            let upTo = Int64.random(in: 1...fromStart.sequence, using: &random)
            XCTAssertEqual(try LedgerProjection().replay(log, snapshots: log, upTo: upTo).state,
                           try LedgerProjection().replay(log, upTo: upTo).state)
        }
    }

    func snapshotOfOtherProjectionVersionIsSkipped() throws {
        let log = try makeLog(.constant(.epoch))
        try log.append([deposit("a", 10), deposit("a", 20)])
        let stale = LedgerProjection.State(balances: ["a": 999], eventCount: 1, lastSequence: 2)
        try log.saveSnapshot(projection: "demo.ledger", version: 0, sequence: 2, state: BinaryEncoder().encode(stale))
        let result = try LedgerProjection().replay(log, snapshots: log)
        XCTAssertEqual(result.state.balances["a"], 30)
        XCTAssertNil(result.snapshot)
        XCTAssertEqual(result.warnings.count, 1)
    }

    /// A snapshot is created at the log's clock, or at the time a prepared one says (a run in
    /// virtual time snapshots a state of the past: its last event's).
    func snapshotsAreCreatedAtTheClockOrAtTheirOwnTime() throws {
        let log = try makeLog(.constant(Instant(millisecondsSinceEpoch: 9_000)))
        try log.append([deposit("a", 10), deposit("a", 20)])
        let projection = LedgerProjection()
        let saved = try log.saveSnapshot(of: projection, state: projection.replay(log).state, at: 2)
        var earlier = try log.prepareSnapshot(of: projection, state: projection.replay(log, upTo: 1).state, at: 1)
        earlier.createdAt = Instant(millisecondsSinceEpoch: 4_000)
        let dated = try log.saveSnapshot(earlier)
        XCTAssertEqual([saved, dated].map(\.createdAt.millisecondsSinceEpoch), [9_000, 4_000])
        XCTAssertEqual(try log.snapshots(of: projection.name), [saved, dated])
    }

    func invalidEventsAreRefused() throws {
        let log = try makeLog(.constant(.epoch))
        XCTAssertThrowsError(try log.append([NewEvent(streamID: "", type: "x.y", payload: [])]))
        XCTAssertThrowsError(try log.append([NewEvent(streamID: "s", type: "", payload: [])]))
        XCTAssertThrowsError(try log.append([NewEvent(streamID: "s", type: "x.y", schemaVersion: 0, payload: [])]))
        XCTAssertEqual(try log.lastSequence(), 0)
        try log.append([NewEvent(streamID: "s", type: "x.y", payload: [])])
        XCTAssertEqual(try log.events().first?.payload, [])
    }

    /// A NUL byte in a stream id, event type or idempotency key (stored as text that would end
    /// there) is refused before anything is written: new names in a small batch and in one large
    /// enough to be prepared on another thread, and next to a stored name it would cut down to.
    func namesWithANULAreRefused() throws {
        let log = try makeLog(.constant(.epoch))
        try log.append([NewEvent(streamID: "a", type: "x.y", payload: [1])])
        let before = try log.events()
        let plain = NewEvent(streamID: "a", type: "x.y", payload: [2])
        var key = plain
        key.idempotencyKey = "k\0d"
        let refused: [(batch: [NewEvent], field: String)] = [
            ([plain, NewEvent(streamID: "a\0b", type: "x.y", payload: [])], "stream id \"a\\0b\""),
            ([NewEvent(streamID: "evil\0stream", type: "x.y", payload: [])], "stream id \"evil\\0stream\""),
            ([plain, NewEvent(streamID: "a", type: "x.y\0z", payload: [])], "event type \"x.y\\0z\""),
            ([NewEvent(streamID: "b", type: "x\0", payload: [])], "event type \"x\\0\""),
            ([key], "idempotency key \"k\\0d\""),
            (Array(repeating: plain, count: 100) + [NewEvent(streamID: "big\0", type: "x.y", payload: [])], "stream id \"big\\0\""),
            (Array(repeating: plain, count: 100) + [NewEvent(streamID: "a", type: "big\0", payload: [])], "event type \"big\\0\""),
        ]
        for (batch, field) in refused {
            XCTAssertThrowsError(try log.append(batch), field) { error in
                XCTAssertEqual((error as? EventLogError)?.code, .invalidInput)
                XCTAssertEqual("\(error)", "\(field) contains a NUL character")
            }
        }
        XCTAssertEqual(try log.events(), before, "a refused batch writes nothing")
        XCTAssertEqual(try log.streamVersion(of: "a"), 1)
        // A name with a NUL finds nothing (SQLite read one cut at the NUL: "a\0b" found "a").
        XCTAssertEqual(try log.streamVersion(of: "a\0b"), 0)
        XCTAssertEqual(try log.events(EventQuery(stream: "a\0b")), [])
        XCTAssertEqual(try log.events(EventQuery(types: ["x.y\0z"])), [])
        try log.append([plain, NewEvent(streamID: "b", type: "x.z", payload: [])])
        XCTAssertEqual(try log.events().map(\.streamID), ["a", "a", "b"])
    }
}

/// An event whose encoding always fails.
public struct Unencodable: Event {
    public static let eventType = "test.unencodable"

    public init() {}

    public init(from decoder: any Decoder) throws {}

    public func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "never encodes"))
    }
}
