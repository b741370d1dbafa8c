import EventLog
import EventLogTestSupport
import PlatformKit
import RealtimeAPI
import XCTest

/// Cards written to the log without `Codable` (`BinaryEncodable`) are `Codable`'s bytes, and read
/// back without it (`BinaryDecodable`) equal what `Codable` reads, with the same leniency and errors.
final class TrackerCardBinaryCodingTests: XCTestCase {
    private var codable: BinaryDecoder {
        var decoder = BinaryDecoder()
        decoder.usesBinaryDecodable = false
        return decoder
    }

    func test_everyVariant_andEveryField_encodeAndDecodeLikeCodable() throws {
        let minimal = TrackerCard(cardID: "x", priority: 1, payload: nil, cardType: nil)
        for card in [everyField, minimal] {
            try assertEncodesLikeCodable(card)
            try assertDecodesLikeCodable(card)
        }
        for payload in everyPayload {
            let card = TrackerCard(cardID: "c", priority: -2.5, payload: payload, cardType: .browse, outageState: .normal, statusModePriority: 1e300)
            let pushed = TrackerCardsPushed(driverID: "d", service: .incentives, cards: [card, everyField, minimal], at: at(60))
            try assertEncodesLikeCodable(pushed)
            try assertDecodesLikeCodable(pushed)
            try assertEncodesLikeCodable(card)
            try assertDecodesLikeCodable(card)
        }
    }

    /// A name for `cardType` and an unknown `outageState` number decode as `Codable` decodes them.
    func test_lenientFields_decodeLikeCodable() throws {
        struct Lenient: Encodable {
            var cardID = "a"
            var priority = 1.0
            var isValid = true
            var cardType: String? = "BULLETIN"
            var outageState: Int? = 99
        }
        for value in [Lenient(), Lenient(cardType: "SPARKLY", outageState: 2), Lenient(cardType: nil, outageState: nil)] {
            let bytes = try BinaryEncoder().encode(value)
            XCTAssertEqual(try BinaryDecoder().decode(TrackerCard.self, from: bytes), try codable.decode(TrackerCard.self, from: bytes))
        }
        XCTAssertEqual(try BinaryDecoder().decode(TrackerCard.self, from: BinaryEncoder().encode(Lenient())).cardType, .bulletin)
    }

    /// A payload that is not exactly one known variant fails alike, naming the card.
    func test_badPayloads_failLikeCodable() throws {
        struct Card: Encodable {
            var cardID = "bad"
            var priority = 1.0
            var isValid = true
            var payload: [String: [String: String]]
        }
        let payloads: [[String: [String: String]]] = [
            [:], ["sparkly": ["title": "x"]], ["trackerErrorCard": ["title": "x"], "trackerLoyaltyProgressCard": ["title": "y"]],
            ["trackerErrorCard": ["title": "x", "source": "nowhere"]],
        ]
        for payload in payloads {
            let bytes = try BinaryEncoder().encode(Card(payload: payload))
            let fast = error { try BinaryDecoder().decode(TrackerCard.self, from: bytes) }
            let slow = error { try codable.decode(TrackerCard.self, from: bytes) }
            XCTAssertEqual(fast?.cardID, "bad", "\(payload)")
            XCTAssertNotNil(fast?.reason, "\(payload)")
            XCTAssertEqual(fast?.reason.prefix(24), slow?.reason.prefix(24), "\(payload)")
        }
    }

    /// A bad payload beside a malformed field fails on the field, as `Codable` reads the payload last.
    func test_aBadPayloadAndAMalformedField_failOnTheField_likeCodable() throws {
        struct Card: Encodable {
            var cardID = "bad"
            var priority = 1.0
            var isValid = true
            var payload = ["sparkly": ["title": "x"]]
            var expiresAt = "tomorrow"
        }
        let bytes = try BinaryEncoder().encode(Card())
        for decode in [{ try BinaryDecoder().decode(TrackerCard.self, from: bytes) }, { try self.codable.decode(TrackerCard.self, from: bytes) }] {
            XCTAssertThrowsError(try decode()) { XCTAssertFalse($0 is TrackerPayloadError, "\($0)") }
        }
    }

    private func error(_ decode: () throws -> TrackerCard) -> TrackerPayloadError? {
        do {
            _ = try decode()
            XCTFail("decoded a bad payload")
            return nil
        } catch {
            return error as? TrackerPayloadError
        }
    }
}
