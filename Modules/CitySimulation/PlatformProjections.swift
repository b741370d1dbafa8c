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
import Synchronization

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

    /// Folds a batch just appended, snapshotting by policy.
    func apply(_ events: [RecordedEvent], appended: [NewEvent]) throws {
        try group.apply(events, appended: appended)
    }

    /// A driver app's sync state, as folded from every appended event.
    func clientState(_ clientID: String) -> OptimisticClientState<TripSync> {
        group.state(of: OptimisticProjection<TripSync>.self)?[clientID] ?? OptimisticClientState()
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
    /// The earnings check starts as soon as its states are replayed, beside the other replays.
    static func replaySummary(_ log: some EventLogReader, snapshots: (any SnapshotStore)?, upTo: Int64?) throws -> SimulationSummary {
        let queue = WorkQueue()
        let check = EarningsCheckRun()
        let replayed = try ParallelReplays(all, log: log, snapshots: snapshots, upTo: upTo, on: queue) { replayed in
            check.startIfReady(replayed, on: queue)
        }
        queue.run(threads: ProcessInfo.processInfo.activeProcessorCount)
        try replayed.checkAll()
        let summary = SimulationSummary(try ModuleStates(replayed), earnings: check.result)
        // Freeing millions of replayed values takes a while; the caller has what it asked for.
        freeInBackground(consume replayed)
        return summary
    }
}

/// The summary's earnings check during a replay: its chunks queued once the states it reads are in.
private final class EarningsCheckRun: Sendable {
    private static let inputs: [any Projection] = [CityProjection(), EarningsProjection(), TrackerProjection()]
    private let state = Mutex<(plan: SimulationSummary.EarningsCheck.Plan?, results: [SimulationSummary.EarningsCheck.Plan.Result?])>((nil, []))

    /// Queues the check's chunks if its states are replayed and it has not started.
    func startIfReady(_ replayed: ParallelReplays, on queue: WorkQueue) {
        guard replayed.haveReplayed(Self.inputs), let plan = makePlan(replayed) else { return }
        for chunk in 0..<plan.chunks {
            queue.submit { [self] in
                let result = plan.check(chunk: chunk)
                state.withLock { $0.results[chunk] = result }
            }
        }
    }

    /// The plan, made once (by the first caller that finds the states in).
    private func makePlan(_ replayed: ParallelReplays) -> SimulationSummary.EarningsCheck.Plan? {
        guard let states = try? (replayed.state(CityProjection()), replayed.state(EarningsProjection()), replayed.state(TrackerProjection())) else { return nil }
        return state.withLock { state in
            guard state.plan == nil else { return nil }
            let plan = SimulationSummary.EarningsCheck.Plan(states.1, trackers: states.2, at: states.0.options?.end)
            state = (plan, Array(repeating: nil, count: plan.chunks))
            return plan
        }
    }

    /// The check, if every chunk ran.
    var result: SimulationSummary.EarningsCheck? {
        state.withLock { state in
            guard let plan = state.plan, !state.results.contains(where: { $0 == nil }) else { return nil }
            return plan.merged(state.results.compactMap { $0 })
        }
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
