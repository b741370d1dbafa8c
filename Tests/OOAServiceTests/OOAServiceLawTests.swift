import OOAService
import OutOfAppDSL
import PlatformKit
import XCTest

/// Laws that hold for any stream of changes (seeded random streams, many cases).
final class OOAServiceLawTests: XCTestCase {
    struct Sent {
        var time: Instant
        var push: OOAPush
    }

    func test_property_phaseChangesAndEndsAreNeverLost_budgetAndVersionsHold() {
        for seed in 0..<60 {
            let random = RandomSource.seeded(UInt64(seed))
            var policy = OOAPolicy.standard
            policy.budget = PushBudget(burst: 1 + random.int(in: 0..<4), interval: .seconds(Int64(5 + random.int(in: 0..<40))))
            var service = OOAService(policy: policy)
            var pushes: [String: [Sent]] = [:]
            var phases: [String: TripPhase] = [:]
            var ended: Set<String> = []
            var time = 0.0
            for _ in 0..<400 {
                time += Double(random.int(in: 0..<4_000)) / 1_000
                let trip = "trip-\(random.int(in: 0..<6))"
                guard !ended.contains(trip) else { continue }
                let phase = random.bool(probability: 0.05) ? TripPhase.allCases[random.int(in: 0..<6)] : (phases[trip] ?? .enRoute)
                let script = TripScript(trip: trip, rider: "rider-\(trip)", location: Location(latitude: 37.7 + Double(random.int(in: 0..<100)) * 1e-4, longitude: -122.4))
                let change = script.change(time, phase, eta: random.int(in: 0..<1_200))
                let decisions = service.receive(change)
                for decision in decisions {
                    if let push = decision.push { pushes[decision.tripID, default: []].append(Sent(time: decision.time, push: push)) }
                }
                let own = decisions.filter { $0.tripID == trip && $0.time == change.time }.compactMap(\.push)
                if let previous = phases[trip], previous != phase {
                    XCTAssertEqual(own.last?.state.phase, phase, "seed \(seed): a phase change is pushed at once")
                    XCTAssertEqual(own.last?.priority, .high)
                }
                if phase.isFinal, phases[trip] != nil {
                    XCTAssertEqual(own.last?.kind, .end, "seed \(seed): the end of a trip ends the activity")
                    ended.insert(trip)
                }
                if phases[trip] != nil || !phase.isFinal { phases[trip] = phase }
            }
            for decision in service.tick(now: at(time + 3_600)) {
                if let push = decision.push { pushes[decision.tripID, default: []].append(Sent(time: decision.time, push: push)) }
            }
            let interval = Int64(policy.budget.interval.components.seconds) * 1_000
            for (trip, sent) in pushes {
                XCTAssertEqual(sent.map(\.push.version), Array(1...sent.count), "seed \(seed) \(trip): versions 1, 2, 3…")
                XCTAssertEqual(sent.first?.push.kind, .start)
                XCTAssertEqual(sent.filter { $0.push.kind == .end }.count, ended.contains(trip) ? 1 : 0)
                for j in sent.indices where sent[j].push.priority == .low {
                    for i in 0..<j {
                        let gap = sent[j].time.millisecondsSinceEpoch - sent[i].time.millisecondsSinceEpoch
                        XCTAssertGreaterThanOrEqual(gap, Int64(j - i + 1 - policy.budget.burst) * interval, "seed \(seed) \(trip): budget")
                    }
                    if sent[j].push.reason == .etaChanged {
                        XCTAssertGreaterThanOrEqual(abs(sent[j].push.state.etaSeconds - sent[j - 1].push.state.etaSeconds), 60)
                    }
                }
                for j in sent.indices.dropFirst() where sent[j].push.state.phase == sent[j - 1].push.state.phase {
                    XCTAssertGreaterThanOrEqual(sent[j].push.state.progressPerMille, sent[j - 1].push.state.progressPerMille, "seed \(seed): progress")
                }
            }
        }
    }
}
