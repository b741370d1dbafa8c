import DriverTrips
import EventLog
import OptimisticSync
import OptimisticTool
import PlatformKit
import TripContract
import TripService
import XCTest

/// Killing the app at any moment and starting it again from the log restores exactly the state it
/// had, and the run then ends where an uninterrupted run ends.
final class KillPointTests: XCTestCase {
    static let start = Instant(millisecondsSinceEpoch: 1_800_000_000_000)
    static let trips = 4
    static let tripLength: Int64 = 600
    static let duration = Int64(trips) * tripLength + 300

    func at(_ second: Int64) -> Instant { Self.start.advanced(by: .seconds(second)) }

    /// Four trips, each with a dark spot from just after it begins until just before it ends, on a lossy network.
    func makeWorld() -> TripWorld {
        let outages = (0..<Int64(Self.trips)).map { trip in
            NetworkConditions.Outage(start: at(trip * Self.tripLength + 200), end: at(trip * Self.tripLength + 380))
        }
        let conditions = NetworkConditions(latencyMilliseconds: 100...900, lossProbability: 0.1, outages: outages)
        // Dependents wait long enough that retry jitter (which differs after a restart) never decides the outcome.
        let configuration = SyncConfiguration(dependencyTimeout: .seconds(Self.tripLength))
        return TripWorld(driverID: "driver-3", log: InMemoryEventLog(clock: .constant(.epoch)), seed: 42, conditions: conditions, configuration: configuration)
    }

    /// What the driver does at second `t` (nothing most seconds).
    func step(_ world: inout TripWorld, _ t: Int64) throws {
        let trip = t / Self.tripLength
        guard trip < Self.trips else { return _ = try world.advance(to: at(t)) }
        let tripID = "trip-\(trip + 1)"
        let driverAction: ((inout OptimisticClient<TripSync>) throws -> OptimisticRequest)?
        switch t % Self.tripLength {
        case 0 where t == 0: driverAction = { try $0.goOnline(at: self.at(t)) }
        case 10:
            try world.serve { $0.offer(trip: tripID, to: "driver-3", estimate: Money(minorUnits: 1_000 + trip * 100, currency: .usd)) }
            driverAction = { try $0.accept(trip: tripID, at: self.at(t)) }
        case 120: driverAction = { try $0.arrive(at: self.at(t)) }
        case 190: driverAction = { try $0.beginTrip(at: self.at(t)) }
        case 195:
            _ = try world.updateEstimate(trip: tripID, to: Money(minorUnits: 1_500 + trip * 100, currency: .usd), at: at(t))
            driverAction = nil
        case 230: driverAction = { try $0.markRead(message: "msg-\(trip)", at: self.at(t)) }
        case 300: driverAction = { try $0.endTrip(at: self.at(t)) }
        case 310: driverAction = { try $0.confirmCashCollected(at: self.at(t)) }
        case 320: driverAction = { try $0.rateRider(stars: Int(trip % 5) + 1, at: self.at(t)) }
        default: driverAction = nil
        }
        if let driverAction { _ = try world.act(at: at(t), driverAction) }
        _ = try world.advance(to: at(t))
    }

    /// The app's state after each step of an uninterrupted run, with the log's sequence then.
    func uninterrupted() throws -> (states: [(sequence: Int64, state: OptimisticClientState<TripSync>)], world: TripWorld) {
        var world = makeWorld()
        var states: [(Int64, OptimisticClientState<TripSync>)] = []
        for t in 0...Self.duration {
            try step(&world, t)
            states.append((try world.log.lastSequence(), world.app.state))
        }
        return (states, world)
    }

    func test_killAtFiftyRandomPoints_restoresTheExactStateAndEndsLikeAnUninterruptedRun() throws {
        let reference = try uninterrupted()
        let finalServer = reference.world.server.service.snapshot(for: "driver-3").state
        XCTAssertEqual(finalServer.completedTrips, Self.trips, "the reference run completes every trip")
        XCTAssertEqual(reference.world.app.screen, finalServer)
        XCTAssertTrue(reference.world.app.state.pending.isEmpty)
        XCTAssertEqual(try TripServiceProjection().replay(reference.world.log).state, reference.world.server.service.state, "the service is a projection of its events too")
        XCTAssertGreaterThan(reference.world.app.state.stats.averageTimeSaved, .seconds(30), "dark spots make optimism pay")

        let random = RandomSource.seeded(2026)
        let killPoints = (0..<50).map { _ in Int64(random.int(in: 0..<Int(Self.duration))) }
        for kill in killPoints {
            var world = makeWorld()
            for t in 0...kill { try step(&world, t) }
            let expected = reference.states[Int(kill)]
            XCTAssertEqual(try world.log.lastSequence(), expected.sequence, "same run up to the kill at \(kill)")
            let restored = try OptimisticClientState<TripSync>.replay(clientID: "driver-3", from: world.log)
            XCTAssertEqual(restored, expected.state, "state rebuilt from the log after a kill at second \(kill)")

            _ = try world.restart(at: at(kill))
            for t in (kill + 1)...Self.duration { try step(&world, t) }
            let server = world.server.service.snapshot(for: "driver-3").state
            XCTAssertEqual(server, finalServer, "server after a kill at second \(kill)")
            XCTAssertEqual(world.app.screen, finalServer, "app after a kill at second \(kill)")
            XCTAssertTrue(world.app.state.pending.isEmpty, "queue drained after a kill at second \(kill)")
        }
    }
}
