import EventLog
import EventLogTestSupport
import LedgerDemo
import PlatformKit
import XCTest

final class EventBatchTests: XCTestCase {
    private let events = [
        NewEvent(streamID: "trip-1", type: "trip.started", payload: [1, 2, 3], correlationID: "c", causationID: "k"),
        NewEvent(streamID: "trip-1", type: "trip.ended", schemaVersion: 2, payload: []),
        NewEvent(streamID: "a-stream-name-longer-than-fifteen-bytes", type: "x.y", payload: Array(0...255), expectedPosition: 4),
    ]

    func test_eachEvent_readsBackAsAppended_withItsPayloadInPlace() {
        let batch = EventBatch(events)
        XCTAssertEqual(Array(batch), events)
        XCTAssertEqual(batch.count, 3)
        XCTAssertEqual(batch.withPayloadBytes(\.count), 3 + 0 + 256)
        XCTAssertEqual(batch.entries.map(\.payloadStart), [0, 3, 3])
        XCTAssertEqual(batch[2].expectedPosition, 4)
        XCTAssertFalse(batch.hasIdempotencyKeys)
    }

    func test_appendingOneByOne_equalsTheBatchOfAll() {
        var batch = EventBatch()
        XCTAssertTrue(batch.isEmpty)
        for event in events { batch.append(event) }
        XCTAssertEqual(Array(batch), Array(EventBatch(events)))
    }

    func test_typedValue_isNotKept() throws {
        struct Started: Event, Equatable {
            static let eventType = "trip.started"
            var trip: String
        }
        let event = try Started(trip: "t").newEvent(stream: "trip-t")
        XCTAssertNotNil(event.typed)
        let stored = EventBatch([event])[0]
        XCTAssertNil(stored.typed)
        XCTAssertEqual(stored, event)
    }

    func test_removeAll_empties_and_keyedEvents_areNoticed() {
        var batch = EventBatch(events)
        batch.removeAll(keepingCapacity: true)
        XCTAssertTrue(batch.isEmpty)
        XCTAssertEqual(batch.withPayloadBytes(\.count), 0)
        batch.append(NewEvent(streamID: "s", type: "t.u", payload: [9], idempotencyKey: "key"))
        XCTAssertTrue(batch.hasIdempotencyKeys)
        XCTAssertEqual(batch[0].payload, [9])
    }

    func test_typedEvents_areEncodedInPlace_asTheirNewEventsAre() throws {
        var random = SeededGenerator(seed: 7)
        var batch = EventBatch()
        var expected: [NewEvent] = []
        for index in 0..<500 {
            let stream = "stream-\(index % 13)"
            let event: any Event = switch Int.random(in: 0..<3, using: &random) {
            case 0: Deposited(account: stream, amount: .random(in: -9_000...9_000, using: &random), memo: String(repeating: "m", count: index % 40))
            case 1: Withdrawn(account: stream, amount: .random(in: 0...400, using: &random))
            default: Tapped(card: String(repeating: "c", count: index % 30), count: .random(in: -1_000_000...1_000_000, using: &random))
            }
            try batch.append(event, stream: stream)
            expected.append(try event.newEvent(stream: stream))
        }
        XCTAssertEqual(Array(batch), expected)
        try batch.append(CodableOnly(note: "through Codable"), stream: "s")
        XCTAssertEqual(batch.last, try CodableOnly(note: "through Codable").newEvent(stream: "s"))
    }

    func test_aTypedEventThatFailsToEncode_leavesTheBatchAsItWas() throws {
        var batch = EventBatch(events)
        XCTAssertThrowsError(try batch.append(Unencodable(), stream: "s"))
        XCTAssertEqual(Array(batch), events)
        batch.removeLast(2)
        XCTAssertEqual(Array(batch), [events[0]])
        XCTAssertEqual(batch.withPayloadBytes(\.count), 3)
    }

    func test_aCopy_isNotChangedByTheOriginal() throws {
        var batch = EventBatch(events)
        let copy = batch
        batch.append(events[0])
        batch.removeLast(3)
        try batch.append(Withdrawn(account: "a", amount: 1), stream: "a")
        XCTAssertEqual(Array(copy), events)
        batch.removeAll(keepingCapacity: true)
        XCTAssertEqual(Array(copy), events)
        XCTAssertTrue(batch.isEmpty)
    }
}

/// An event that writes itself (``BinaryEncodable``).
private struct Tapped: Event, BinaryEncodable, Equatable {
    static let eventType = "test.tapped"
    var card: String
    var count: Int

    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(card, forKey: "card")
        writer.encode(count, forKey: "count")
    }
}

/// An event without `BinaryEncodable`: encoded through `Codable`.
private struct CodableOnly: Event, Equatable {
    static let eventType = "test.codable-only"
    var note: String
}
