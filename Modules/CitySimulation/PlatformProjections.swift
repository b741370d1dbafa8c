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

/// Every module's projections, kept current during a run and snapshotted by the log's policy;
/// the summary is computed from their states only, so a replay prints exactly what the run printed.
/// During a run, the projections whose state a back end holds are not folded here again: the
/// back ends' states are snapshotted instead (see `ServiceSnapshots`).
final class PlatformProjections {
    private let group: ProjectionGroup

    /// Every projection kept and snapshotted: the city's own and each module's.
    static var all: [any Projection] {
        [
            CityProjection(), OnboardingProjection(), ActionCardsProjection(), MembershipProjection(),
            OptimisticProjection<TripSync>(), TripServiceProjection(), OOAProjection(), EarningsProjection(), TrackerProjection(),
        ]
    }

    /// The projections of `all` but those in `heldByBackEnds`, from `log`.
    init(log: any EventLogReader, snapshots: (any SnapshotStore)?, policy: SnapshotPolicy, heldByBackEnds: [any Projection]) throws {
        let held = Set(heldByBackEnds.map(\.name))
        group = try ProjectionGroup(Self.all.filter { !held.contains($0.name) }, log: log, snapshots: snapshots, policy: policy)
    }

    /// Folds a batch just appended (taking its records), snapshotting by policy.
    func apply(_ events: consuming [RecordedEvent], appended: [NewEvent]) throws {
        try group.apply(events, appended: appended)
    }

    /// Snapshots every projection now (at the end of a run).
    func snapshotAll() throws {
        try group.snapshotNow()
    }

    /// The summary of the run, with the states the back ends held at its end.
    func summary(_ backEnds: ServiceStates) throws -> SimulationSummary {
        SimulationSummary(try ModuleStates(LiveStates(group: group, backEnds: backEnds)))
    }

    /// The summary at `upTo` (default: the end), every projection replayed from its newest
    /// snapshot (or from the start when `snapshots` is nil), all of them at once on every core.
    /// Parts of the summary start as soon as their states are replayed, beside the other replays.
    /// `warning` is told of each snapshot skipped (an older one, or the start, is used instead).
    static func replaySummary(
        _ log: some EventLogReader, snapshots: (any SnapshotStore)?, upTo: Int64?, warning: (String) -> Void
    ) throws -> SimulationSummary {
        let queue = WorkQueue()
        let parts = ReplaySummaryParts()
        let replayed = try ParallelReplays(all, log: log, snapshots: snapshots, upTo: upTo, on: queue) { replayed in
            parts.startReady(replayed, on: queue)
        }
        queue.run(threads: ProcessInfo.processInfo.activeProcessorCount)
        try replayed.checkAll()
        replayed.warnings.forEach(warning)
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

/// A run's states: the projection group's and the back ends'.
private struct LiveStates: ProjectionStates {
    let group: ProjectionGroup
    let backEnds: ServiceStates

    func state<P: Projection>(_ projection: P) throws -> P.State {
        guard let state = group.state(of: P.self) ?? backEnds.state(projection) else {
            throw SimulationError("no state for projection \(projection.name)")
        }
        return state
    }
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
