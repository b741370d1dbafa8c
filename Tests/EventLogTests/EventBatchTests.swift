import EventLog
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
        XCTAssertEqual(batch.payloadBytes.count, 3 + 0 + 256)
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
        XCTAssertTrue(batch.payloadBytes.isEmpty)
        batch.append(NewEvent(streamID: "s", type: "t.u", payload: [9], idempotencyKey: "key"))
        XCTAssertTrue(batch.hasIdempotencyKeys)
        XCTAssertEqual(batch[0].payload, [9])
    }
}
