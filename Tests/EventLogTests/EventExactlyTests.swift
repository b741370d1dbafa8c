import EventLog
import XCTest

/// `Event.exactly(_:)` matches an event's own type only, as `as?` does for event structs.
final class EventExactlyTests: XCTestCase {
    private struct Started: Event, Equatable {
        static let eventType = "trip.started"
        var trip: String
        var notes: [String]
    }

    private struct Ended: Event, Equatable {
        static let eventType = "trip.ended"
        var trip: String
    }

    private struct Sent<Domain>: Event, Equatable {
        static var eventType: String { "sent.\(Domain.self)" }
        var id: Int
    }

    func test_anEvent_isItsOwnTypeOnly_evenThroughAnExistential() {
        let started = Started(trip: "trip-with-a-name-longer-than-the-inline-buffer", notes: ["a", "b"])
        let events: [any Event] = [started, Ended(trip: "trip-2"), Sent<Int>(id: 3), Sent<String>(id: 4)]
        XCTAssertEqual(events[0].exactly(Started.self), started)
        XCTAssertNil(events[0].exactly(Ended.self))
        XCTAssertEqual(events[1].exactly(Ended.self), Ended(trip: "trip-2"))
        XCTAssertEqual(events[2].exactly(Sent<Int>.self), Sent<Int>(id: 3))
        XCTAssertNil(events[2].exactly(Sent<String>.self))
        XCTAssertEqual(events[3].exactly(Sent<String>.self), Sent<String>(id: 4))
        for event in events {
            XCTAssertEqual(event.exactly(Started.self), event as? Started)
            XCTAssertEqual(event.exactly(Sent<Int>.self), event as? Sent<Int>)
        }
    }
}
