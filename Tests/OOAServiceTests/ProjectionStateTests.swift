import EventLog
import OOAService
import OutOfAppDSL
import PlatformKit
import XCTest

/// The service's `projectionState` is what `OOAProjection` folds from the decisions it logged.
final class ProjectionStateTests: XCTestCase {
    /// Seeded random streams over a few trips: phase changes, ends, changes out of order and after
    /// the end, long gaps (lifetime limits, forgotten trips whose ids start again), ticks.
    func test_property_projectionState_equalsTheFoldOfTheLoggedDecisions() throws {
        for seed in 0..<40 {
            let random = RandomSource.seeded(UInt64(seed))
            var policy = OOAPolicy.standard
            policy.budget = PushBudget(burst: 1 + random.int(in: 0..<3), interval: .seconds(Int64(5 + random.int(in: 0..<30))))
            policy.lifetime = .seconds(Int64(300 + random.int(in: 0..<600)))
            let log = InMemoryEventLog(clock: .constant(.epoch))
            var session = OOALogSession(service: OOAService(policy: policy), log: log)
            var time = 0.0
            for step in 0..<300 {
                time += random.bool(probability: 0.02) ? 2_000 : Double(random.int(in: 0..<8_000)) / 1_000
                let trip = "trip-\(random.int(in: 0..<5))"
                let script = TripScript(trip: trip, rider: "rider-\(trip)", location: Location(latitude: 37.7 + Double(random.int(in: 0..<50)) * 1e-4, longitude: -122.4))
                let phase = random.bool(probability: 0.1) ? TripPhase.allCases[random.int(in: 0..<TripPhase.allCases.count)] : .enRoute
                let second = random.bool(probability: 0.05) ? max(0, time - 30) : time
                try session.receive(script.change(second, phase, eta: random.int(in: 0..<1_200)))
                if random.bool(probability: 0.2) { try session.tick(now: at(time + Double(random.int(in: 0..<60)))) }
                if step % 50 == 49 {
                    XCTAssertEqual(session.service.projectionState, try OOAProjection().replay(log).state, "seed \(seed), step \(step)")
                }
            }
            try session.tick(now: at(time + 7_200))
            let folded = try OOAProjection().replay(log).state
            XCTAssertEqual(session.service.projectionState, folded, "seed \(seed), at the end")
            XCTAssertGreaterThan(folded.pushes, 0)
        }
    }
}
