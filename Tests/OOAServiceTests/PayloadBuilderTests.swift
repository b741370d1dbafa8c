import OOAService
import OutOfAppDSL
import PlatformKit
import XCTest

/// Pushes become DSL payloads that clients apply in order and draw on every surface.
final class PayloadBuilderTests: XCTestCase {
    let details = TripDetails(
        driverName: "Alex", plate: "7ABC123", vehicle: "White Toyota Prius",
        vehicleImageURL: "https://cdn.example.com/cars/prius.png", driverPhotoURL: "https://cdn.example.com/drivers/alex.jpg"
    )

    func test_pushes_becomePayloads_appliedInOrder_olderOnesIgnored() throws {
        var service = OOAService()
        let script = TripScript()
        var decisions = service.receive(script.change(0, .enRoute, eta: 400))
        decisions += service.receive(script.change(30, .enRoute, eta: 300))
        decisions += service.tick(now: at(40))
        decisions += service.receive(script.change(200, .arriving, eta: 40))
        decisions += service.receive(script.change(300, .completed, eta: 0))
        let payloads = decisions.compactMap { PayloadBuilder.payload(for: $0, details: details) }
        XCTAssertEqual(payloads.map(\.version), [1, 2, 3, 4])

        let first = payloads[0]
        XCTAssertEqual(first.slots[.headline], .label(text: "Pickup in 7 min", tags: [.title]))
        XCTAssertEqual(first.slots[.eta], .label(text: "7 min", tags: [.emphasis, .trailing]))
        XCTAssertEqual(payloads[2].slots[.headline], .label(text: "Your driver is here", tags: [.title]))
        XCTAssertEqual(Set(payloads[3].slots.keys), [.headline], "the end shows no driver or progress")
        for payload in payloads {
            let encoded = try PayloadEncoder(overLimit: .refuse).encode(payload)
            XCTAssertEqual(try PayloadDecoder.decode(encoded.bytes).payload, payload)
            XCTAssertEqual(Surface.islandMinimal.layout(payload).shown.first?.priority, .p0)
        }

        var content = LiveActivityContent()
        XCTAssertTrue(content.apply(payloads[2]))
        XCTAssertFalse(content.apply(payloads[1]), "a late, older push is ignored")
        XCTAssertTrue(content.apply(payloads[3]))
        XCTAssertNil(PayloadBuilder.payload(for: OOADecision(tripID: "trip-1", time: .epoch, outcome: .dropped(.insignificant)), details: details))
    }
}
