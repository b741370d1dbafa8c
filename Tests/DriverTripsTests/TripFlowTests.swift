import DriverTrips
import EventLog
import OptimisticSync
import OptimisticTool
import PlatformKit
import TripContract
import TripService
import XCTest

final class TripFlowTests: XCTestCase {
    let usd = { (cents: Int64) in Money(minorUnits: cents, currency: .usd) }

    func at(_ seconds: Int64) -> Instant { Instant(millisecondsSinceEpoch: 1_800_000_000_000 + seconds * 1_000) }

    /// A driver online with trip-1 accepted (estimate USD 12.00), network perfect so far.
    func acceptedTrip(_ conditions: NetworkConditions = .perfect) throws -> TripWorld {
        var world = TripWorld(driverID: "driver-7", log: InMemoryEventLog(clock: .constant(.epoch)), seed: 1, conditions: conditions)
        try world.serve { $0.offer(trip: "trip-1", to: "driver-7", estimate: usd(1_200)) }
        _ = try world.act(at: at(0)) { try $0.goOnline(at: at(0)) }
        _ = try world.act(at: at(1)) { try $0.accept(trip: "trip-1", at: at(1)) }
        XCTAssertEqual(world.app.screen.trip?.phase, .accepted)
        return world
    }

    func test_beginAndEndInADarkSpot_thenReconnect_eachAppliedOnceAlthoughSentMoreThanOnce() throws {
        var world = try acceptedTrip()
        _ = try world.updateEstimate(trip: "trip-1", to: usd(1_450), at: at(5))
        // The dark spot starts while the begin request is on its way; the network stays lossy after it.
        world.conditions = NetworkConditions(latencyMilliseconds: 200...400, lossProbability: 0.3, outages: [.init(start: at(10).advanced(by: .milliseconds(100)), end: at(200))])
        let begin = try world.act(at: at(10)) { try $0.beginTrip(at: at(10)) }
        XCTAssertEqual(begin.published.last?.trip?.phase, .onTrip, "shown at once, offline")
        _ = try world.updateEstimate(trip: "trip-1", to: usd(1_600), at: at(60))
        _ = try world.act(at: at(130)) { try $0.endTrip(at: at(130)) }
        XCTAssertEqual(world.app.screen.trip?.phase, .ended)
        XCTAssertEqual(world.app.screen.displayedFare, usd(1_450), "the last estimate received, until the final fare")

        var now = at(130)
        var loopGuard = 0
        while let wake = world.nextWakeUp, loopGuard < 1_000 {
            now = wake
            _ = try world.advance(to: wake)
            loopGuard += 1
        }
        XCTAssertLessThan(loopGuard, 1_000)
        XCTAssertGreaterThan(now, at(200))
        let sent = try world.log.events(EventQuery(types: [RequestSent<TripSync>.eventType]))
            .compactMap { try TripSync.eventRegistry.decode($0) as? RequestSent<TripSync> }
        for request in ["r3", "r4"] {
            XCTAssertGreaterThan(sent.filter { $0.id == request }.count, 1, "\(request) was sent more than once")
        }
        let confirmed = world.server.service.snapshot(for: "driver-7").state
        XCTAssertEqual(confirmed.completedTrips, 1, "ended once")
        XCTAssertEqual(confirmed.trip?.phase, .ended)
        XCTAssertEqual(confirmed.trip?.startedAt, at(10), "the driver's times, not the server's")
        XCTAssertEqual(world.app.screen.displayedFare, usd(1_700), "the final fare: the server's last estimate (missed offline) + booking fee")
        XCTAssertEqual(world.app.screen, confirmed)
        XCTAssertTrue(world.app.state.pending.isEmpty)
        XCTAssertGreaterThanOrEqual(world.app.state.stats.averageTimeSaved, .seconds(70))
    }

    func test_tooShortTrip_isRefusedOnTheClientBeforeAnyRequest() throws {
        var world = try acceptedTrip()
        _ = try world.act(at: at(10)) { try $0.beginTrip(at: at(10)) }
        let eventsBefore = try world.log.lastSequence()
        XCTAssertThrowsError(try world.act(at: at(30)) { try $0.endTrip(at: at(30)) }) { error in
            XCTAssertEqual("\(error)", "Trip too short to end")
        }
        XCTAssertEqual(try world.log.lastSequence(), eventsBefore, "no request was made")
        XCTAssertEqual(world.app.screen.trip?.phase, .onTrip)
    }

    func test_serverRejectsTooShortTrip_fromAClientWithoutTheCheck_rollsBackWithAlert() throws {
        var world = try acceptedTrip()
        var published: [OptimisticAlert<DriverState>] = []
        world.alerts.subscribe { published.append($0) }
        world.server.service.rules = TripRules(minimumTripDuration: .seconds(600))
        _ = try world.act(at: at(10)) { try $0.beginTrip(at: at(10)) }
        let outbox = try world.act(at: at(100)) { try $0.endTrip(at: at(100)) }
        let alert = try XCTUnwrap(outbox.alerts.first)
        XCTAssertEqual(alert.message, "Trip too short to end")
        XCTAssertEqual(alert.request.kind, TripKind.end)
        XCTAssertEqual(alert.stateBefore.trip?.phase, .onTrip)
        XCTAssertEqual(outbox.published.map { $0.trip?.phase }, [TripPhase.ended, .onTrip])
        XCTAssertEqual(world.app.screen.trip?.phase, .onTrip)
        XCTAssertEqual(published, [alert], "the global alert stream got it")
    }

    func test_beginRejected_endAndRatingRollBackWithIt_readMessageStays() throws {
        var world = try acceptedTrip()
        world.conditions.outages = [.init(start: at(5), end: at(100))]
        try world.serve { $0.rejectNext(TripKind.begin) }
        _ = try world.act(at: at(10)) { try $0.beginTrip(at: at(10)) }
        _ = try world.act(at: at(80)) { try $0.endTrip(at: at(80)) }
        _ = try world.act(at: at(85)) { try $0.rateRider(stars: 5, at: at(85)) }
        _ = try world.act(at: at(90)) { try $0.markRead(message: "msg-1", at: at(90)) }
        XCTAssertEqual(world.app.screen.trip?.riderRating, 5)
        XCTAssertEqual(world.app.state.pending.map(\.request.dependsOn), [[], ["r3"], ["r4"], []])
        var alerts: [OptimisticAlert<DriverState>] = []
        while let wake = world.nextWakeUp {
            alerts += try world.advance(to: wake).alerts
        }
        XCTAssertEqual(alerts.count, 1)
        XCTAssertEqual(alerts.first?.alsoRolledBack, ["r4", "r5"])
        XCTAssertEqual(alerts.first?.stateBefore.trip?.phase, .accepted)
        XCTAssertEqual(world.app.screen.trip?.phase, .accepted)
        XCTAssertEqual(world.app.screen.readMessages, ["msg-1"])
        XCTAssertEqual(world.app.screen, world.server.service.snapshot(for: "driver-7").state)
    }

    func test_acceptIsNotOptimistic_andRefusedOffers_alertTheDriver() throws {
        var world = TripWorld(driverID: "driver-7", log: InMemoryEventLog(clock: .constant(.epoch)), seed: 1, conditions: NetworkConditions(latencyMilliseconds: 500...500))
        _ = try world.act(at: at(0)) { try $0.goOnline(at: at(0)) }
        XCTAssertTrue(world.app.screen.isOnline)
        let outbox = try world.act(at: at(1)) { try $0.accept(trip: "trip-9", at: at(1)) }
        XCTAssertNil(world.app.screen.trip, "accept waits for the server")
        XCTAssertTrue(outbox.alerts.isEmpty)
        let answered = try world.advance(to: at(2))
        XCTAssertEqual(answered.alerts.map(\.message), ["Trip trip-9 is no longer available"])
        XCTAssertThrowsError(try world.act(at: at(3)) { try $0.beginTrip(at: at(3)) })
    }
}
