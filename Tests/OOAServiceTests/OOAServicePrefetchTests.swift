import OOAService
import OutOfAppDSL
import PlatformKit
import XCTest

/// `prefetch(tripID:)` is a hint only: a service given hints for tracked, unknown and ended trips
/// between its changes decides exactly as one given none.
final class OOAServicePrefetchTests: XCTestCase {
    func test_hints_changeNoDecision() {
        let random = RandomSource.seeded(7)
        var hinted = OOAService()
        var plain = OOAService()
        var time = 0.0
        for step in 0..<2_000 {
            time += Double(random.int(in: 0..<3_000)) / 1_000
            let trip = "trip-\(random.int(in: 0..<40))"
            let phase = random.bool(probability: 0.08) ? TripPhase.allCases[random.int(in: 0..<6)] : .enRoute
            let script = TripScript(trip: trip, rider: "rider-\(trip)", location: Location(latitude: 37.7, longitude: -122.4 + Double(step % 50) * 1e-4))
            let change = script.change(time, phase, eta: random.int(in: 0..<900))
            for id in [trip, "trip-\(random.int(in: 0..<80))", "", "unknown"] { hinted.prefetch(tripID: id) }
            XCTAssertEqual(hinted.receive(change), plain.receive(change), "step \(step)")
        }
        XCTAssertEqual(hinted.trackedTrips, plain.trackedTrips)
        XCTAssertEqual(hinted.projectionState, plain.projectionState)
    }
}
