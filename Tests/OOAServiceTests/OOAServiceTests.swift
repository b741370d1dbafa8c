import EventLog
import OOAService
import OutOfAppDSL
import PlatformKit
import XCTest

/// Helpers: a trip's changes in virtual time.
struct TripScript {
    var trip = "trip-1"
    var rider = "rider-1"
    var location = Location(latitude: 37.7749, longitude: -122.4194)

    func change(_ second: Double, _ phase: TripPhase, eta: Int, location: Location? = nil) -> TripStateChange {
        TripStateChange(
            tripID: trip, riderID: rider, phase: phase, etaSeconds: eta, location: location ?? self.location,
            time: at(second)
        )
    }
}

func at(_ second: Double) -> Instant { Instant(millisecondsSinceEpoch: Int64(second * 1_000)) }

extension OOADecision {
    var push: OOAPush? {
        if case .pushed(let push) = outcome { return push }
        return nil
    }
}

final class OOAServiceTests: XCTestCase {
    let script = TripScript()

    func test_firstChange_startsTheActivity_withTheRider() {
        var service = OOAService()
        let decisions = service.receive(script.change(0, .enRoute, eta: 600))
        XCTAssertEqual(decisions.count, 1)
        let push = try? XCTUnwrap(decisions.first?.push)
        XCTAssertEqual(push?.kind, .start)
        XCTAssertEqual(push?.reason, .tripStarted)
        XCTAssertEqual(push?.riderID, "rider-1")
        XCTAssertEqual(push?.version, 1)
        XCTAssertEqual(service.trackedTrips, 1)
    }

    func test_burstOfTenETAChanges_withinTheWindow_givesOnePushWithTheNewest() {
        var service = OOAService()
        var decisions = service.receive(script.change(0, .enRoute, eta: 900))
        for index in 1...10 {
            decisions += service.receive(script.change(10 + Double(index) * 0.5, .enRoute, eta: 900 - 60 * index))
        }
        XCTAssertEqual(decisions.filter { $0.push != nil }.count, 1, "only the start so far: \(decisions)")
        XCTAssertEqual(decisions[1].outcome, .debounced(until: at(13.5)))
        XCTAssertEqual(decisions[2].outcome, .coalesced(until: at(14)))
        let released = service.tick(now: at(60))
        XCTAssertEqual(released.count, 1)
        let push = released[0].push
        XCTAssertEqual(push?.state.etaSeconds, 300, "the newest value")
        XCTAssertEqual(push?.reason, .etaChanged)
        XCTAssertEqual(push?.coalesced, 9)
        XCTAssertEqual(released[0].time, at(18), "released after the quiet window following the last change")
        XCTAssertEqual(service.counters.coalesced, 9)
        XCTAssertEqual(service.counters.pushesOut, 2)
    }

    func test_steadyStream_isReleasedAtTheMaximumDelay() {
        var service = OOAService()
        _ = service.receive(script.change(0, .enRoute, eta: 900))
        var decisions: [OOADecision] = []
        for second in stride(from: 10.0, through: 40, by: 1) {
            decisions += service.receive(script.change(second, .enRoute, eta: 900 - Int(second) * 10))
        }
        decisions += service.tick(now: at(100))
        let pushes = decisions.compactMap(\.push)
        XCTAssertGreaterThanOrEqual(pushes.count, 2)
        XCTAssertEqual(decisions.first { $0.push != nil }?.time, at(25), "held at most maxDelay (15 s) after the first change")
    }

    func test_smallLocationChangeAlone_isDroppedAsInsignificant() {
        var service = OOAService()
        _ = service.receive(script.change(0, .enRoute, eta: 600))
        let moved = Location(latitude: 37.7750, longitude: -122.4195)
        let decisions = service.receive(script.change(5, .enRoute, eta: 590, location: moved))
        XCTAssertEqual(decisions.map(\.outcome), [.dropped(.insignificant)])
        let far = Location(latitude: 37.7849, longitude: -122.4194)
        XCTAssertEqual(service.receive(script.change(6, .enRoute, eta: 585, location: far)).map(\.outcome), [.debounced(until: at(9))])
        XCTAssertEqual(service.tick(now: at(9)).first?.push?.reason, .locationChanged)
    }

    func test_rulesAreData_aStricterETARuleIgnoresAMinute() {
        var policy = OOAPolicy.standard
        policy.rules = [SignificanceRule(field: .eta, threshold: 300)]
        var service = OOAService(policy: policy)
        _ = service.receive(script.change(0, .enRoute, eta: 900))
        XCTAssertEqual(service.receive(script.change(5, .enRoute, eta: 780)).map(\.outcome), [.dropped(.insignificant)])
        XCTAssertEqual(service.receive(script.change(6, .enRoute, eta: 600)).map(\.outcome), [.debounced(until: at(9))])
    }

    func test_phaseChange_isPushedAtOnce_evenWithTheBudgetSpent() {
        var policy = OOAPolicy.standard
        policy.budget = PushBudget(burst: 2, interval: .seconds(60))
        var service = OOAService(policy: policy)
        var decisions = service.receive(script.change(0, .enRoute, eta: 900))
        decisions += service.receive(script.change(1, .enRoute, eta: 800))
        decisions += service.tick(now: at(10))
        decisions += service.receive(script.change(11, .enRoute, eta: 700))
        decisions += service.tick(now: at(20))
        XCTAssertTrue(decisions.contains { $0.outcome == .throttled(until: at(60)) }, "\(decisions)")
        let phase = service.receive(script.change(21, .arriving, eta: 60))
        XCTAssertEqual(phase.count, 2)
        XCTAssertEqual(phase[0].outcome, .dropped(.superseded), "the throttled ETA push is superseded by the phase push")
        XCTAssertEqual(phase[1].push?.reason, .phaseChanged)
        XCTAssertEqual(phase[1].push?.priority, .high)
        XCTAssertEqual(phase[1].push?.coalesced, 0)
        XCTAssertEqual(phase.map(\.time), [at(21), at(21)])
        XCTAssertTrue(service.tick(now: at(22)).isEmpty)
        XCTAssertEqual(service.receive(script.change(25, .arriving, eta: 200)).map(\.outcome), [.debounced(until: at(28))])
        XCTAssertEqual(service.tick(now: at(30)).map(\.outcome), [.throttled(until: at(120))], "reported when due, not at the old timer")
    }

    func test_throttledPush_goesOutWithTheNewestState_whenTheBudgetAllows() {
        var policy = OOAPolicy.standard
        policy.budget = PushBudget(burst: 1, interval: .seconds(30))
        var service = OOAService(policy: policy)
        _ = service.receive(script.change(0, .enRoute, eta: 900))
        _ = service.receive(script.change(1, .enRoute, eta: 800))
        XCTAssertEqual(service.tick(now: at(5)).map(\.outcome), [.throttled(until: at(30))])
        XCTAssertEqual(service.receive(script.change(10, .enRoute, eta: 700)).map(\.outcome), [.coalesced(until: at(30))])
        let released = service.tick(now: at(40))
        XCTAssertEqual(released.count, 1)
        XCTAssertEqual(released[0].time, at(30))
        XCTAssertEqual(released[0].push?.state.etaSeconds, 700)
        XCTAssertEqual(service.counters.throttled, 1)
    }

    func test_heldChangesThatComeBack_areDroppedAtRelease() {
        var service = OOAService()
        _ = service.receive(script.change(0, .enRoute, eta: 600))
        _ = service.receive(script.change(1, .enRoute, eta: 700))
        _ = service.receive(script.change(2, .enRoute, eta: 610))
        XCTAssertEqual(service.tick(now: at(10)).map(\.outcome), [.dropped(.unchangedAtRelease)])
    }

    func test_endOfTrip_alwaysEndsTheActivity_evenWhileHeldOrThrottled() {
        var policy = OOAPolicy.standard
        policy.budget = PushBudget(burst: 1, interval: .seconds(600))
        var service = OOAService(policy: policy)
        _ = service.receive(script.change(0, .onTrip, eta: 900))
        _ = service.receive(script.change(1, .onTrip, eta: 700))
        _ = service.tick(now: at(5))
        let end = service.receive(script.change(6, .completed, eta: 0))
        XCTAssertEqual(end.count, 2)
        XCTAssertEqual(end[0].outcome, .dropped(.superseded), "the throttled ETA push is superseded by the end")
        XCTAssertEqual(end[1].push?.kind, .end)
        XCTAssertEqual(end[1].push?.reason, .tripCompleted)
        XCTAssertEqual(end[1].push?.state.progressPerMille, 1_000)
        XCTAssertEqual(end[1].push?.coalesced, 0)
        XCTAssertEqual(service.receive(script.change(7, .onTrip, eta: 10)).map(\.outcome), [.dropped(.noActivity)], "a late change does not restart it")
        XCTAssertTrue(service.tick(now: at(700)).isEmpty)
        XCTAssertEqual(service.trackedTrips, 0, "the ended trip is forgotten after memoryAfterEnd")
        XCTAssertEqual(service.receive(script.change(800, .onTrip, eta: 10)).first?.push?.kind, .start)
    }

    func test_cancelEndsTheActivity_andAFinalChangeWithoutActivityIsDropped() {
        var service = OOAService()
        XCTAssertEqual(service.receive(script.change(0, .canceled, eta: 0)).map(\.outcome), [.dropped(.noActivity)])
        _ = service.receive(script.change(1, .matching, eta: 0))
        XCTAssertEqual(service.receive(script.change(2, .canceled, eta: 0)).first?.push?.reason, .tripCanceled)
    }

    func test_lifetimeLimit_endsTheActivity_thenLaterChangesAreDropped() {
        var service = OOAService()
        _ = service.receive(script.change(0, .onTrip, eta: 40_000))
        let expired = service.tick(now: at(8 * 3600 + 1))
        XCTAssertEqual(expired.count, 1)
        XCTAssertEqual(expired[0].push?.reason, .lifetimeLimit)
        XCTAssertEqual(expired[0].time, at(8 * 3600))
        XCTAssertEqual(service.receive(script.change(8 * 3600 + 5, .onTrip, eta: 100)).map(\.outcome), [.dropped(.noActivity)])
        XCTAssertEqual(service.receive(script.change(8 * 3600 + 6, .completed, eta: 0)).map(\.outcome), [.dropped(.noActivity)])
        XCTAssertTrue(service.tick(now: at(16 * 3600 + 1)).isEmpty)
        XCTAssertEqual(service.trackedTrips, 0)
    }

    func test_tripIDsOfAnyForm_areDistinctTrips() {
        var service = OOAService()
        let ids = ["trip-1", "trip-01", "trip-", "trip-x", "eats-order-9", "trip-999999999999999999999"]
        for (index, id) in ids.enumerated() {
            let decisions = service.receive(TripScript(trip: id).change(Double(index), .enRoute, eta: 300))
            XCTAssertEqual(decisions.first?.push?.kind, .start, id)
            XCTAssertEqual(decisions.first?.tripID, id)
        }
        XCTAssertEqual(service.trackedTrips, ids.count)
        for (index, id) in ids.enumerated() {
            XCTAssertEqual(service.receive(TripScript(trip: id).change(10 + Double(index), .completed, eta: 0)).first?.push?.kind, .end, id)
        }
    }

    func test_outOfOrderChange_isDropped() {
        var service = OOAService()
        _ = service.receive(script.change(10, .enRoute, eta: 600))
        XCTAssertEqual(service.receive(script.change(5, .arriving, eta: 60)).map(\.outcome), [.dropped(.outOfOrder)])
    }

    func test_androidNotification_isUpdatedInPlace_neverPostedTwice() {
        var service = OOAService()
        var tray = AndroidNotificationTray()
        var decisions = service.receive(script.change(0, .enRoute, eta: 900))
        for minute in 1...5 {
            decisions += service.receive(script.change(Double(minute) * 60, .enRoute, eta: 900 - 60 * minute))
        }
        decisions += service.receive(script.change(400, .arriving, eta: 30))
        decisions.forEach { tray.apply($0) }
        XCTAssertEqual(tray.posted, 1)
        XCTAssertEqual(tray.notifications.count, 1)
        XCTAssertEqual(tray.notifications["ooa-trip-1"]?.state.phase, .arriving)
        XCTAssertGreaterThan(tray.notifications["ooa-trip-1"]?.version ?? 0, 5)
        service.receive(script.change(500, .completed, eta: 0)).forEach { tray.apply($0) }
        XCTAssertTrue(tray.notifications.isEmpty)
    }

    func test_progress_neverGoesBackwardsWithinAPhase() {
        var service = OOAService()
        var progress: [Int] = []
        let etas = [600, 500, 700, 400, 900, 200, 100]
        for (index, eta) in etas.enumerated() {
            let decisions = service.receive(script.change(Double(index) * 60, .enRoute, eta: eta)) + service.tick(now: at(Double(index) * 60 + 30))
            progress += decisions.compactMap { $0.push?.state.progressPerMille }
        }
        XCTAssertEqual(progress, progress.sorted(), "\(progress)")
        XCTAssertGreaterThan(progress.last ?? 0, 800, "the last 2 minutes are the last 20 %")
    }

    func test_concurrentTrips_areIndependent_andCountersAddUp() {
        var service = OOAService()
        var decisions: [OOADecision] = []
        let random = RandomSource.seeded(6)
        for second in 0..<600 {
            for trip in 0..<20 {
                var script = TripScript(trip: "trip-\(trip)", rider: "rider-\(trip)")
                script.location.latitude += Double(second) * 0.0001
                let phase: TripPhase = second < 300 ? .enRoute : (second < 590 ? .onTrip : .completed)
                decisions += service.receive(script.change(Double(second), phase, eta: 600 - second + random.int(in: 0..<90)))
            }
        }
        decisions += service.tick(now: at(10_000))
        let counters = service.counters
        XCTAssertEqual(counters.changesIn, 12_000)
        XCTAssertEqual(counters.ended, 20)
        XCTAssertEqual(decisions.filter { $0.push != nil }.count, counters.pushesOut)
        XCTAssertEqual(decisions.filter { if case .dropped = $0.outcome { true } else { false } }.count, counters.dropped)
        XCTAssertEqual(service.trackedTrips, 0)
        for trip in 0..<20 {
            let pushes = decisions.filter { $0.tripID == "trip-\(trip)" }.compactMap(\.push)
            XCTAssertEqual(pushes.first?.kind, .start)
            XCTAssertEqual(pushes.last?.kind, .end)
            XCTAssertEqual(pushes.map(\.version), Array(1...pushes.count))
            XCTAssertEqual(pushes.filter { $0.reason == .phaseChanged }.count, 1, "the phase change is never lost")
        }
    }
}
