import EarningsPlatform
import EventLog
import PlatformKit

/// The earnings and incentives back end: each completed trip becomes per-trip earnings, totals,
/// incentive progress and tracker-card pushes to the driver.
final class EarningsStage {
    private var fleet = EarningsFleet()
    private let log: any EventLogWriter

    init(log: any EventLogWriter) {
        self.log = log
    }

    func tripCompleted(driver: Int, trip: Int, fare: Money, at now: Instant) throws {
        _ = try fleet.completeTrip(driverID: EntityID.driver(driver), tripID: EntityID.trip(trip), fare: fare, at: now, appendingTo: log)
    }
}
