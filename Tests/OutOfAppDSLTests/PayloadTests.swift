import OutOfAppDSL
import PlatformKit
import XCTest

let samplePayload = Payload(version: 3, timestamp: Instant(millisecondsSinceEpoch: 1_000), slots: [
    .headline: .label(text: "Pickup in 3 min", tags: [.title]),
    .eta: .label(text: "3 min", tags: [.emphasis]),
    .plate: .label(text: "7ABC123", tags: [.emphasis]),
    .vehicle: .image(url: "https://cdn.example/cars/prius-white.png", tags: [.rounded]),
    .driver: .label(text: "Alex", tags: [.subtitle]),
    .driverPhoto: .image(url: "https://cdn.example/drivers/alex.jpg", tags: [.rounded]),
    .detail: .label(text: "White Toyota Prius", tags: [.caption]),
    .progress: .progress(value: 0.62, tags: [.accent]),
])

final class PayloadTests: XCTestCase {
    func decode(_ json: String) throws -> PayloadDecoder.Result { try PayloadDecoder.decode(Array(json.utf8)) }

    func test_encodeThenDecode_roundTrips() throws {
        let encoded = try PayloadEncoder().encode(samplePayload)
        XCTAssertEqual(encoded.trimmed, [])
        let decoded = try PayloadDecoder.decode(encoded.bytes)
        XCTAssertEqual(decoded.payload, samplePayload)
        XCTAssertEqual(decoded.ignored, [])
        XCTAssertEqual(try PayloadEncoder().encode(samplePayload).bytes, encoded.bytes, "deterministic bytes")
    }

    func test_unknownElementsTagsSlotsAndFields_areIgnoredAndReported() throws {
        let result = try decode("""
        {"version": 2, "timestamp": 5, "theme": "dark", "slots": {
          "headline": {"type": "label", "text": "Pickup in 2 min", "tags": ["title", "sparkle"], "font": "x"},
          "map": {"type": "label", "text": "?"},
          "vehicle": {"type": "lottie", "url": "https://x/anim.json"}
        }}
        """)
        XCTAssertEqual(result.payload.slots, [.headline: .label(text: "Pickup in 2 min", tags: [.title])])
        XCTAssertEqual(result.ignored.map(\.description), [
            "theme: ignored unknown field",
            "slots.headline.font: ignored unknown field",
            "slots.headline.tags[1]: ignored unknown tag \"sparkle\"",
            "slots.map: ignored unknown slot \"map\"",
            "slots.vehicle.type: ignored unknown element type \"lottie\"",
        ])
    }

    func test_malformedKnownFields_nameTheirPath() {
        let cases: [(String, String)] = [
            ("{\"timestamp\": 1, \"slots\": {}}", "version: missing integer"),
            ("{\"version\": 1, \"timestamp\": 1, \"slots\": {\"plate\": {\"type\": \"label\"}}}", "slots.plate.text: missing string"),
            ("{\"version\": 1, \"timestamp\": 1, \"slots\": {\"progress\": {\"type\": \"progress\", \"value\": 1.5}}}", "slots.progress.value: must be between 0 and 1"),
            ("{\"version\": \"1\", \"timestamp\": 1, \"slots\": {}}", "version: expected an integer"),
            ("[1", "not valid JSON"),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try decode(json), json) { XCTAssertEqual("\($0)", message) }
        }
    }

    func test_olderUpdate_isIgnored() {
        var content = LiveActivityContent()
        let newer = Payload(version: 5, timestamp: Instant(millisecondsSinceEpoch: 2_000), slots: [:])
        let older = Payload(version: 4, timestamp: Instant(millisecondsSinceEpoch: 1_000), slots: [:])
        XCTAssertTrue(content.apply(newer))
        XCTAssertFalse(content.apply(older))
        XCTAssertFalse(content.apply(newer), "the same update twice is not newer")
        XCTAssertEqual(content.shown, newer)
        let sameTimeHigherVersion = Payload(version: 6, timestamp: Instant(millisecondsSinceEpoch: 2_000), slots: [:])
        XCTAssertTrue(content.apply(sameTimeHigherVersion))
    }

    func test_overSizePayload_trimmedLowestPriorityFirst_orRefused() throws {
        var big = samplePayload
        big.slots[.detail] = .label(text: String(repeating: "d", count: 3_000), tags: [])
        big.slots[.driver] = .label(text: String(repeating: "n", count: 4_000), tags: [])
        let trimmed = try PayloadEncoder().encode(big)
        XCTAssertEqual(trimmed.trimmed, [.detail, .progress, .driverPhoto, .driver], "P2 from the last slot, then P1")
        XCTAssertLessThanOrEqual(trimmed.bytes.count, 4_096)
        let kept = try PayloadDecoder.decode(trimmed.bytes).payload
        XCTAssertEqual(Set(kept.slots.keys), [.headline, .eta, .plate, .vehicle])

        XCTAssertThrowsError(try PayloadEncoder(overLimit: .refuse).encode(big)) { error in
            guard case .tooLarge(let size, 4_096)? = (error as? PayloadError)?.code else { return XCTFail("\(error)") }
            XCTAssertGreaterThan(size, 4_096)
        }
        var hopeless = samplePayload
        hopeless.slots[.headline] = .label(text: String(repeating: "h", count: 5_000), tags: [])
        XCTAssertThrowsError(try PayloadEncoder().encode(hopeless), "P0 is never trimmed")
    }

    func test_validation_reportsSizeUnknownsAndMissingP0() throws {
        let result = try decode("{\"version\": 1, \"timestamp\": 1, \"slots\": {\"plate\": {\"type\": \"label\", \"text\": \"X\", \"tags\": [\"glow\"]}}}")
        let validation = Validation(result)
        XCTAssertFalse(validation.isValid)
        XCTAssertEqual(validation.errors, ["missing P0 content: neither \"headline\" nor \"eta\""])
        XCTAssertEqual(validation.ignored.count, 1)
        XCTAssertEqual(validation.size, PayloadEncoder.json(result.payload).count)
        XCTAssertTrue(Validation(PayloadDecoder.Result(payload: samplePayload, ignored: [])).isValid)
    }

    func test_validation_reportsANegativeVersionOrTimestamp_andP0SlotsWithoutTheTime() throws {
        var payload = samplePayload
        payload.version = -1
        payload.timestamp = Instant(millisecondsSinceEpoch: -5)
        payload.slots[.headline] = .progress(value: 0.5, tags: [])
        payload.slots[.eta] = .label(text: " ", tags: [])
        XCTAssertEqual(Validation(PayloadDecoder.Result(payload: payload, ignored: [])).errors, [
            "version: -1 is negative",
            "timestamp: -5 is out of range (0 to 253402300799999 ms: 1970 to year 9999)",
            "\"headline\": element type \"progress\"; a P0 slot takes a label with the time",
            "\"eta\": empty text; a P0 slot carries the time",
        ])
        payload.timestamp = Instant(millisecondsSinceEpoch: 253_402_300_800_000)
        payload.slots[.headline] = .image(url: "https://cdn.example.com/clock.png", tags: [])
        payload.slots[.eta] = nil
        XCTAssertEqual(Validation(PayloadDecoder.Result(payload: payload, ignored: [])).errors, [
            "version: -1 is negative",
            "timestamp: 253402300800000 is out of range (0 to 253402300799999 ms: 1970 to year 9999)",
            "\"headline\": element type \"image\"; a P0 slot takes a label with the time",
        ])

        var edges = samplePayload
        edges.version = 0
        edges.timestamp = .epoch
        edges.slots[.headline] = nil
        XCTAssertEqual(Validation(PayloadDecoder.Result(payload: edges, ignored: [])).errors, [], "version 0 at the epoch, the ETA alone as P0")
    }
}
