import Earnings
import PlatformKit
import RealtimeAPI
import XCTest

/// Pull is rate-limited: a minimum interval after any data, and backoff after failures.
final class DataManagerPullTests: XCTestCase {
    let policy = PullPolicy(minimumInterval: .seconds(60), backoff: Backoff(initial: .seconds(10), maximum: .seconds(80), multiplier: 2, jitter: 0))

    func test_minimumInterval_countsFromTheLastPushOrPull() {
        var manager = ServiceDataManager.realtimeEarnings
        XCTAssertTrue(manager.isPullDue(at: at(0), policy: policy), "nothing cached yet")
        manager.receivePush([card("daily")], at: at(0))
        XCTAssertFalse(manager.isPullDue(at: at(59), policy: policy), "a push makes a pull unnecessary")
        XCTAssertTrue(manager.isPullDue(at: at(60), policy: policy))
        manager.receivePull([card("daily")], at: at(60))
        XCTAssertFalse(manager.isPullDue(at: at(119), policy: policy))
        XCTAssertTrue(manager.isPullDue(at: at(120), policy: policy))
    }

    func test_failedPulls_backOffExponentially_andMarkTheOutage() {
        var manager = ServiceDataManager.realtimeIncentives
        let random = RandomSource.seeded(1)
        var instant = at(0)
        var delays: [Int64] = []
        for _ in 0..<5 {
            let retry = manager.retryInstant(after: instant, policy: policy, random: random)
            delays.append(instant.duration(to: retry).components.seconds)
            manager.pullFailed(at: instant, retryAt: retry)
            XCTAssertTrue(manager.isInOutage)
            XCTAssertFalse(manager.isPullDue(at: retry.advanced(by: .milliseconds(-1)), policy: policy))
            instant = retry.advanced(by: .seconds(60))
            XCTAssertTrue(manager.isPullDue(at: instant, policy: policy))
        }
        XCTAssertEqual(delays, [10, 20, 40, 80, 80])
        manager.receivePull([], at: instant)
        XCTAssertFalse(manager.isInOutage)
        XCTAssertEqual(manager.failedPulls, 0)
    }

    func test_puller_goesThroughTheTransport_onlyWhenDue() {
        let puller = TrackerPuller(policy: policy, random: .seeded(2))
        var served = 0
        var transport = InProcessTransport<TrackerPullRequest, TrackerPullResponse>(
            conditions: NetworkConditions(latencyMilliseconds: 5...5, outages: [.init(start: at(100), end: at(200))]), random: .seeded(3)
        ) { request, _ in
            served += 1
            return TrackerPullResponse(cards: TrackerCardList(cards: [card("\(request.service).daily")]))
        }
        var state = TrackerState()
        let first = puller.pullIfDue(driverID: "driver-1", service: .earnings, state: state, at: at(0), transport: &transport)
        XCTAssertEqual((first as? TrackerCardsPulled)?.cards.map(\.cardID), ["earnings.daily"])
        XCTAssertEqual((first as? TrackerCardsPulled)?.at, at(0).advanced(by: .milliseconds(10)))
        if let first { state.apply(first) }
        XCTAssertNil(puller.pullIfDue(driverID: "driver-1", service: .earnings, state: state, at: at(30), transport: &transport))
        XCTAssertEqual(served, 1)
        let failed = puller.pullIfDue(driverID: "driver-1", service: .earnings, state: state, at: at(150), transport: &transport)
        XCTAssertEqual((failed as? TrackerPullFailed)?.retryAt, at(160))
        if let failed { state.apply(failed) }
        XCTAssertEqual(state.manager(.earnings)?.isInOutage, true)
        XCTAssertEqual(state.manager(.earnings)?.cards.map(\.cardID), ["earnings.daily"], "cached cards stay")
        XCTAssertNil(puller.pullIfDue(driverID: "driver-1", service: .earnings, state: state, at: at(159), transport: &transport))
        XCTAssertEqual(served, 1)
    }
}
