import ActionCards
import Foundation
import DriverTrips
import Earnings
import EarningsService
import EventLog
import MembershipService
import OnboardingService
import OOAService
import OptimisticSync
import TripService

/// Every module's projections: snapshotted during a run (see `ServiceSnapshots`), and replayed
/// together for the summary, which is computed from their states only, so a replay prints
/// exactly what the run printed.
enum PlatformProjections {
    /// Every projection kept and snapshotted: the city's own and each module's.
    static var all: [any Projection] {
        [
            CityProjection(), OnboardingProjection(), ActionCardsProjection(), MembershipProjection(),
            OptimisticProjection<TripSync>(), TripServiceProjection(), OOAProjection(), EarningsProjection(), TrackerProjection(),
        ]
    }

    /// The summary at `upTo` (default: the end), every projection replayed from its newest
    /// snapshot (or from the start when `snapshots` is nil), all of them at once on every core.
    /// Parts of the summary start as soon as their states are replayed, beside the other replays.
    /// `warning` is told of each snapshot skipped (an older one, or the start, is used instead),
    /// and `started` of the snapshot each projection's replay started from (nil: the start).
    static func replaySummary(
        _ log: some EventLogReader, snapshots: (any SnapshotStore)?, upTo: Int64?, warning: (String) -> Void,
        started: (any Projection, SnapshotInfo?) -> Void
    ) throws -> SimulationSummary {
        let queue = WorkQueue()
        let parts = ReplaySummaryParts()
        let replayed = try ParallelReplays(all, log: log, snapshots: snapshots, upTo: upTo, on: queue) { replayed in
            parts.startReady(replayed, on: queue)
        }
        queue.run(threads: ProcessInfo.processInfo.activeProcessorCount)
        try replayed.checkAll()
        replayed.warnings.forEach(warning)
        for projection in all { started(projection, replayed.snapshot(startedFrom: projection)) }
        let summary = SimulationSummary(try ModuleStates(replayed), earnings: parts.earnings, optimistic: parts.optimistic)
        // Freeing millions of replayed values takes a while; the caller has what it asked for.
        freeInBackground(consume replayed)
        return summary
    }
}

/// Where the summary's projection states come from: a live group or a replay.
protocol ProjectionStates {
    func state<P: Projection>(_ projection: P) throws -> P.State
}

/// The projection states the summary is computed from.
struct ModuleStates {
    init(_ source: some ProjectionStates) throws {
        city = try source.state(CityProjection())
        accounts = try source.state(OnboardingProjection())
        members = try source.state(MembershipProjection())
        drivers = try source.state(OptimisticProjection<TripSync>())
        liveActivities = try source.state(OOAProjection())
        earnings = try source.state(EarningsProjection())
        trackers = try source.state(TrackerProjection())
    }

    var city: CityProjection.State
    var accounts: OnboardingState
    var members: MembershipProjection.State
    var drivers: OptimisticProjection<TripSync>.State
    var liveActivities: OOAProjection.State
    var earnings: EarningsProjection.State
    var trackers: TrackerProjection.State
}
