import EventLog
import XCTest

/// An event's payload is the same bytes whichever way it is written: by the type itself (a
/// `BinaryEncodable` event), through `Codable`, or through the encoder's look-up.
final class EventPayloadTests: XCTestCase {
    private struct Rated: Event, BinaryEncodable, Equatable {
        static let eventType = "trip.rated"
        var trip: String
        var stars: Int
        var comment: String?

        func encode(to writer: inout BinaryKeyedWriter) {
            writer.encode(trip, forKey: "trip")
            writer.encode(stars, forKey: "stars")
            writer.encodeIfPresent(comment, forKey: "comment")
        }
    }

    private struct Plain: Event {
        static let eventType = "trip.plain"
        var trip: String
    }

    func test_aSelfWritingEvent_encodesAsTheEncoderAndCodableDo() throws {
        var codable = BinaryEncoder()
        codable.usesBinaryEncodable = false
        for event in [Rated(trip: "trip-1", stars: 5, comment: nil), Rated(trip: String(repeating: "t", count: 300), stars: -2, comment: "late")] {
            let payload = try event.encodedPayload()
            XCTAssertEqual(payload, try BinaryEncoder().encode(event))
            XCTAssertEqual(payload, try codable.encode(event))
            XCTAssertEqual(try event.newEvent(stream: "trip-1").payload, payload)
            XCTAssertEqual(try BinaryDecoder().decode(Rated.self, from: payload), event)
        }
    }

    func test_anyOtherEvent_encodesThroughTheEncoder() throws {
        let event = Plain(trip: "trip-2")
        XCTAssertEqual(try event.encodedPayload(), try BinaryEncoder().encode(event))
        XCTAssertEqual(try event.newEvent(stream: "trip-2").payload, try BinaryEncoder().encode(event))
    }
}
