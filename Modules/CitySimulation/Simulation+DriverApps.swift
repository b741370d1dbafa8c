import Foundation
import DriverTrips
import OptimisticSync
import PlatformKit

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
        let now = clock.now
        let (wakeUp, refusal) = try driverApps.act(driver, now: now, online: online) { try action(&$0, now) }
        if let refusal {
            try sink.emit(DriverActionRefused(driver: driver, reason: refusal.description), stream: EntityID.driver(driver))
        }
        wake(driver, at: wakeUp)
    }

    /// Schedules `driver`'s app to run at `instant` unless it already runs earlier; a driver whose
    /// trip end the service has now confirmed becomes free for dispatch.
    func wake(_ driver: Int, at instant: Instant?) {
        if case .closing = drivers[driver].activity, driverApps.serverClosedTrip(driver) {
            drivers[driver].activity = .free
            freeDrivers.insert(driver, at: positions[driver])
        }
        guard let instant else { return }
        let due = max(instant, clock.now.advanced(byMilliseconds: 1))
        if let scheduled = driverWakeUps[driver], scheduled <= due, scheduled >= clock.now { return }
        driverWakeUps[driver] = due
        scheduler.schedule(.driverApp(driver), at: due)
    }

    /// Kills `driver`'s app and starts it again at once from the state it persisted (which is
    /// the fold of its stream, snapshotted as the log's projection and checked by `verify`);
    /// while resuming, the app reads its stream back instead.
    func killApp(_ driver: Int) throws {
        let clientID = EntityID.driver(driver)
        try sink.emit(AppKilled(client: clientID), stream: clientID)
        var persisted: OptimisticClientState<TripSync>?
        if sink.isResuming {
            try sink.flush()
        } else {
            persisted = driverApps.persistedState(driver)
            try sink.endBatch()
        }
        wake(driver, at: try driverApps.restart(driver, now: clock.now, online: hasCoverage(driver), from: persisted))
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
