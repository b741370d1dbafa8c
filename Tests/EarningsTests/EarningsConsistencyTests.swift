import Earnings
import EarningsPlatform
import EarningsService
import EventLog
import PlatformKit
import RealtimeAPI
import XCTest

/// The consistency law over random event sequences: last-trip, daily, weekly cards, trip history and
/// earnings home agree to the cent, in memory, after a replay, and as of any earlier moment.
final class EarningsConsistencyTests: XCTestCase {
    func test_consistency_holdsOverRandomEventSequences() throws {
        for seed in UInt64(0)..<40 {
            let random = RandomSource.seeded(seed)
            let offsets: [Int64] = [0, -18_000, 19_800, 32_400]
            let config = EarningsConfig(calendar: EarningsCalendar(utcOffsetSeconds: offsets[random.int(in: 0..<offsets.count)]))
            let log = InMemoryEventLog(clock: .constant(monday))
            var fleet = EarningsFleet(config: config)
            var now = monday.advanced(by: .seconds(Int64(random.int(in: 0..<86_400))))
            var checkpoint: Instant?
            let steps = random.int(in: 10..<80)
            for step in 0..<steps {
                now = now.advanced(by: .seconds(Int64(random.bool(probability: 0.15) ? random.int(in: 3_600..<200_000) : random.int(in: 30..<2_400))))
                let driver = "driver-\(random.int(in: 1..<4))"
                switch random.int(in: 0..<12) {
                case 0:
                    try log.append([fleet.record(TrackerPrivacyChanged(driverID: driver, privacyStatus: random.bool(probability: 0.5) ? .hidden : .visible, at: now), driverID: driver)])
                case 1:
                    try log.append([fleet.record(TrackerStatusItemSelected(driverID: driver, cardID: "earnings.weekly", at: now), driverID: driver)])
                default:
                    let fare = usd(Int64(random.int(in: 0..<9_000)))
                    try log.append(fleet.completeTrip(driverID: driver, tripID: "trip-\(seed)-\(step)", fare: fare, at: now))
                }
                XCTAssertEqual(fleet.consistencyProblems(at: now), [], "seed \(seed) step \(step)")
                let status = fleet.modes(driverID: driver, at: now).status
                if status.privacyStatus == .hidden, let view = status.view {
                    XCTAssertFalse([view.title, view.amount, view.detail].compactMap { $0 }.joined().contains("$"), "seed \(seed): Privacy Mode shows \(view)")
                }
                let later = now.advanced(by: .seconds(Int64(random.int(in: 0..<300_000))))
                XCTAssertEqual(fleet.consistencyProblems(at: later), [], "seed \(seed) step \(step), cards expired at a later moment")
                if step == steps / 2 { checkpoint = now }
                // Trackers packed between events read, fold and compare as if they never were.
                if step % 5 == 4 { fleet.packTrackers() }
            }
            XCTAssertTrue(try log.events().allSatisfy { try EarningsFleet.registry.decode($0) != nil }, "the registry knows every event written")
            let rebuilt = try EarningsFleet.rebuild(from: log, config: config)
            XCTAssertEqual(rebuilt.backend.state, fleet.backend.state, "seed \(seed)")
            XCTAssertEqual(rebuilt.trackers, fleet.trackers, "seed \(seed)")
            if let checkpoint {
                let past = try EarningsFleet.rebuild(from: log, config: config, at: checkpoint)
                XCTAssertEqual(past.consistencyProblems(at: checkpoint), [], "seed \(seed) as of the checkpoint")
                let one = try EarningsFleet.rebuild(driverID: "driver-1", from: log, config: config, at: checkpoint)
                XCTAssertEqual(one.tracker("driver-1"), past.tracker("driver-1"))
                XCTAssertEqual(try TrackerProjection.tracker(driverID: "driver-1", in: log, at: checkpoint), past.tracker("driver-1"))
            }
        }
    }

    func test_theCheck_findsACardThatDisagreesWithTheTripHistory() throws {
        var fleet = EarningsFleet()
        _ = try fleet.completeTrip(driverID: "driver-1", tripID: "trip-1", fare: usd(1_000), at: at(100))
        XCTAssertEqual(fleet.consistencyProblems(driverID: "driver-1", at: at(200)), [])
        let wrong = TrackerCard(
            cardID: "earnings.daily", priority: 80, payload: .dailyEarnings(TrackerDailyEarningsCard(title: "Today", total: usd(999), tripCount: 1)),
            cardType: .browse, lastUpdatedAt: seconds(at(150))
        )
        _ = try fleet.record(TrackerCardsPushed(driverID: "driver-1", service: .earnings, cards: [wrong], at: at(150)), driverID: "driver-1")
        let problems = fleet.consistencyProblems(driverID: "driver-1", at: at(200))
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems[0].hasPrefix("driver-1: daily card USD 9.99 ≠ trip history USD 10.00"), problems[0])
    }

    func test_simulationAPI_appendsToTheSharedLog_andReplaysADriverAtAMoment() throws {
        let log = InMemoryEventLog(clock: .constant(monday))
        var fleet = EarningsFleet()
        let pushes = try fleet.completeTrip(driverID: "driver-7", tripID: "trip-1", fare: usd(2_000), at: at(3_600), appendingTo: log)
        XCTAssertEqual(pushes.map(\.service), [.earnings, .incentives])
        try fleet.completeTrip(driverID: "driver-7", tripID: "trip-2", fare: usd(500), at: at(7_200), appendingTo: log)
        XCTAssertTrue(try log.events().allSatisfy { $0.streamID == "earnings-driver-7" })
        let modes = fleet.modes(driverID: "driver-7", at: at(7_300))
        XCTAssertEqual(modes.activeMode, .bulletin, "the last trip was pushed as a bulletin")
        XCTAssertEqual(modes.status.view?.amount, "$25.00", "Status shows today's total")
        let earlier = try EarningsFleet.rebuild(driverID: "driver-7", from: log, at: at(3_600))
        XCTAssertEqual(earlier.modes(driverID: "driver-7", at: at(3_600)).status.view?.amount, "$20.00")
        XCTAssertEqual(earlier.earnings("driver-7").trips.count, 1)
    }
}

/// Pulls through the fleet: an outage window makes the service show its error card and cached cards.
final class EarningsFleetPullTests: XCTestCase {
    func test_pullDuringAnOutage_showsTheErrorCard_thenRecovers() throws {
        var fleet = EarningsFleet()
        try fleet.completeTrip(driverID: "driver-1", tripID: "trip-1", fare: usd(1_500), at: at(0), appendingTo: InMemoryEventLog(clock: .constant(monday)))
        let puller = TrackerPuller(policy: PullPolicy(minimumInterval: .seconds(300), backoff: Backoff(initial: .seconds(30), maximum: .seconds(60), jitter: 0)), random: .seeded(5))
        let conditions = NetworkConditions(outages: [.init(start: at(600), end: at(1_200))])
        XCTAssertNil(try fleet.pullIfDue(driverID: "driver-1", service: .earnings, at: at(100), puller: puller, conditions: conditions), "a push came 100 s ago")
        let failed = try XCTUnwrap(fleet.pullIfDue(driverID: "driver-1", service: .earnings, at: at(700), puller: puller, conditions: conditions))
        XCTAssertEqual(failed.type, "earnings.tracker.pull_failed")
        let outage = fleet.modes(driverID: "driver-1", at: at(701))
        XCTAssertEqual(outage.status.selectedItem?.card.cardID, "earnings.error")
        XCTAssertTrue(outage.browse.sortedValidItems.contains { $0.card.cardID == "earnings.daily" && $0.isStale })
        XCTAssertNil(try fleet.pullIfDue(driverID: "driver-1", service: .earnings, at: at(720), puller: puller, conditions: conditions), "backing off")
        let pulled = try XCTUnwrap(fleet.pullIfDue(driverID: "driver-1", service: .earnings, at: at(1_300), puller: puller, conditions: conditions))
        XCTAssertEqual(pulled.type, "earnings.tracker.pulled")
        XCTAssertEqual(fleet.modes(driverID: "driver-1", at: at(1_301)).browse.servicesInOutage, [])
        XCTAssertEqual(fleet.consistencyProblems(at: at(1_301)), [])
    }
}
