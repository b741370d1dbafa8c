import Earnings
import EarningsPlatform
import EarningsService
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

    /// The back end's ledger: the fold of every earnings fact of the run.
    var ledger: EarningsProjection.State { fleet.backend.state }

    /// Every driver's tracker: the fold of every tracker event of the run.
    var trackers: TrackerProjection.State {
        var state = TrackerProjection.State()
        state.trackers = fleet.trackers
        return state
    }

    /// Every driver's tracker, each packed first: the tracker snapshot copies the bytes of
    /// those no trip changed since the last one.
    func packedTrackers() -> TrackerProjection.State {
        fleet.packTrackers()
        return trackers
    }

    func tripCompleted(driver: Int, trip: Int, fare: Money, at now: Instant) throws {
        _ = try fleet.completeTrip(driverID: EntityID.driver(driver), tripID: EntityID.trip(trip), fare: fare, at: now, appendingTo: log)
    }
}
