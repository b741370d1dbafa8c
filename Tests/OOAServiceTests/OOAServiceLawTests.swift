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

    /// Every change received gets exactly one decision answering it, at once; the others answer
    /// held states and lifetime limits. So the totals add up: changes in = pushes out − lifetime
    /// ends + coalesced + dropped + states still held.
    func test_property_eachChangeGetsOneAnsweringDecision_andTheTotalsAddUp() {
        for seed in 0..<60 {
            let random = RandomSource.seeded(UInt64(1_000 + seed))
            var policy = OOAPolicy.standard
            policy.budget = PushBudget(burst: 1 + random.int(in: 0..<3), interval: .seconds(Int64(5 + random.int(in: 0..<40))))
            policy.lifetime = .seconds(Int64(300 + random.int(in: 0..<900)))
            if random.bool(probability: 0.5) {
                let priority = PushPriority.allCases[random.int(in: 0..<PushPriority.allCases.count)]
                policy.rules.insert(SignificanceRule(field: .eta, threshold: 30 + random.int(in: 0..<300), priority: priority), at: 0)
            }
            var service = OOAService(policy: policy)
            var decisions: [OOADecision] = []
            var time = 0.0
            for _ in 0..<400 {
                time += random.bool(probability: 0.02) ? 2_000 : Double(random.int(in: 0..<6_000)) / 1_000
                let trip = "trip-\(random.int(in: 0..<6))"
                let script = TripScript(trip: trip, rider: "rider-\(trip)", location: Location(latitude: 37.7 + Double(random.int(in: 0..<60)) * 1e-4, longitude: -122.4))
                let phase = random.bool(probability: 0.08) ? TripPhase.allCases[random.int(in: 0..<TripPhase.allCases.count)] : .enRoute
                let second = random.bool(probability: 0.05) ? max(0, time - 30) : time
                let before = decisions.count
                service.receive(script.change(second, phase, eta: random.int(in: 0..<1_200)), into: &decisions)
                XCTAssertEqual(decisions[before...].filter(\.answersAChange).count, 1, "seed \(seed): one decision answers each change")
                if random.bool(probability: 0.2) { service.tick(now: at(time + Double(random.int(in: 0..<60))), into: &decisions) }
            }
            service.tick(now: at(time + 30), into: &decisions)

            var held: Set<String> = []
            for decision in decisions {
                switch decision.outcome {
                case .debounced, .coalesced: held.insert(decision.tripID)
                case .pushed: held.remove(decision.tripID)
                case .dropped(let reason) where !reason.answersAChange: held.remove(decision.tripID)
                case .dropped, .throttled: break
                }
            }
            let counters = service.counters
            let lifetimeEnds = decisions.filter { $0.push?.reason == .lifetimeLimit }.count
            XCTAssertEqual(counters.changesIn, decisions.filter(\.answersAChange).count, "seed \(seed)")
            XCTAssertEqual(counters.changesIn, counters.pushesOut - lifetimeEnds + counters.coalesced + counters.dropped + held.count, "seed \(seed)")
        }
    }
}
