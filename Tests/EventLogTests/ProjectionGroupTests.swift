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

    func test_mismatchedBatches_areRefused() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        let events = try randomEvents(2, seed: 1)
        try log.append(events)
        XCTAssertThrowsError(try group(InMemoryEventLog(clock: .constant(.epoch))).apply(try log.events(), appended: [events[0]]))
    }
}
