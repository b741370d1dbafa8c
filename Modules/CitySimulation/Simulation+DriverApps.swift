import Foundation
import DriverTrips
import OptimisticSync
import PlatformKit
import TripContract

/// Drivers' apps: actions, wake-ups, kills, outages, and fares.
extension Simulation {
    func hasCoverage(_ driver: Int) -> Bool { map.hasCoverage(at: positions[driver]) }

    /// Starts loading what a step of `driver` reads first into the caches: at scale a driver's
    /// entries are cold in memory.
    func prefetchDriver(_ driver: Int) {
        drivers.prefetch(driver)
        positions.prefetch(driver)
        driverWakeUps.prefetch(driver)
        driverApps.prefetch(driver)
    }

    /// Runs an app action of `driver` now and schedules the app's next wake-up.
    func driverAction(
        _ driver: Int, online: Bool, _ action: (inout OptimisticClient<TripSync>, Instant) throws -> OptimisticRequest
    ) throws {
        try wake(driver, at: try act(driver, online: online, action))
    }

    /// Runs an app action of `driver` now, recording why the app refused it, if it did; returns
    /// when the app next needs to run.
    private func act(
        _ driver: Int, online: Bool, _ action: (inout OptimisticClient<TripSync>, Instant) throws -> OptimisticRequest
    ) throws -> Instant? {
        let now = clock.now
        let (wakeUp, refusal) = try driverApps.act(driver, now: now, online: online) { try action(&$0, now) }
        if let refusal {
            try sink.emit(DriverActionRefused(driver: driver, reason: refusal.description), stream: EntityID.driver(driver))
        }
        return wakeUp
    }

    /// Schedules `driver`'s app to run at `instant` unless it already runs earlier; a driver whose
    /// trip end the service has now confirmed becomes free for dispatch, and one whose app rolled
    /// back a step of the trip does it again.
    func wake(_ driver: Int, at instant: Instant?) throws {
        var instant = instant
        switch drivers[driver].activity {
        case .closing where driverApps.serverClosedTrip(driver):
            drivers[driver].activity = .free
            driverApps.driverIsFree(driver)
            freeDrivers.insert(driver, at: positions[driver])
        case .closing, .onTrip:
            if let again = try redoLostSteps(driver) { instant = instant.map { min($0, again) } ?? again }
        default:
            break
        }
        guard let instant else { return }
        let due = max(instant, clock.now.advanced(byMilliseconds: 1))
        if let scheduled = driverWakeUps[driver], scheduled <= due, scheduled >= clock.now { return }
        driverWakeUps[driver] = due
        scheduler.schedule(.driverApp(driver), at: due)
    }

    /// A step the app could not send in time (a long dark spot before a dependency was
    /// confirmed) is rolled back with the steps after it, and the app's alert asks the driver
    /// to do them again. Once nothing is pending the driver does: arrives and begins the trip at
    /// once (on it or past it), and, once the city's trip is over, ends it when it has lasted
    /// the service's minimum, and rates the rider. Without this the service kept the trip open
    /// and the driver was never free again. Returns when to look again, if there is more to do.
    private func redoLostSteps(_ driver: Int) throws -> Instant? {
        guard let trip = driverApps.tripWithLostSteps(driver) else { return nil }
        let online = hasCoverage(driver)
        let minimum = TripSync.rules.minimumTripDuration
        switch trip.phase {
        case .accepted, .arrived:
            if trip.phase == .accepted { _ = try act(driver, online: online) { try $0.arrive(at: $1) } }
            let wakeUp = try act(driver, online: online) { try $0.beginTrip(at: $1) }
            guard case .closing = drivers[driver].activity else { return wakeUp }
            let end = clock.now.advanced(by: minimum)
            return wakeUp.map { min($0, end) } ?? end
        case .onTrip:
            guard case .closing = drivers[driver].activity else { return nil }
            if let startedAt = trip.startedAt, case let end = startedAt.advanced(by: minimum), end > clock.now { return end }
            _ = try act(driver, online: online) { try $0.endTrip(at: $1) }
            return try act(driver, online: online) { try $0.rateRider(stars: 5, at: $1) }
        case .ended:
            return nil
        }
    }

    /// Kills `driver`'s app and starts it again at once from the state it persisted (which is
    /// the fold of its stream, snapshotted as the log's projection and checked by `verify`).
    /// Resuming re-derives the same states, so it restarts apps alike: reading each app's stream
    /// back from the log instead cost a scan of the log's unindexed tail per kill.
    func killApp(_ driver: Int) throws {
        let clientID = EntityID.driver(driver)
        try sink.emit(AppKilled(client: clientID), stream: clientID)
        let persisted = driverApps.persistedState(driver)
        try sink.endBatch()
        try wake(driver, at: try driverApps.restart(driver, now: clock.now, online: hasCoverage(driver), from: persisted))
    }

    /// Each app is killed about once every twelve virtual hours.
    func nextKill() -> Instant {
        clock.now.advanced(byMilliseconds: Int64(-12 * 3_600_000 * log(1 - random.double())))
    }

    /// The trip service goes down about every two virtual hours.
    func nextOutage() -> Instant {
        clock.now.advanced(byMilliseconds: Int64(-2 * 3_600_000 * log(1 - random.double())))
    }

    /// Base fare plus distance and time, in US dollars.
    func fare(distance: Double, duration: Duration) -> Money {
        let cents = 250 + Int64(distance / 1_000 * 120) + duration.wholeMilliseconds / 1_000 / 60 * 30
        return Money(minorUnits: cents, currency: .usd)
    }
}
