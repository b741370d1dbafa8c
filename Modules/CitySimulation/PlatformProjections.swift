import ActionCards
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
final class PlatformProjections {
    private let group: ProjectionGroup

    /// Every projection kept and snapshotted: the city's own and each module's.
    static var all: [any Projection] {
        [
            CityProjection(), OnboardingProjection(), ActionCardsProjection(), MembershipProjection(),
            OptimisticProjection<TripSync>(), TripServiceProjection(), OOAProjection(), EarningsProjection(), TrackerProjection(),
        ]
    }

    init(log: any EventLogReader, snapshots: (any SnapshotStore)?, policy: SnapshotPolicy) throws {
        group = try ProjectionGroup(Self.all, log: log, snapshots: snapshots, policy: policy)
    }

    /// Folds a batch just appended, snapshotting by policy.
    func apply(_ events: [RecordedEvent]) throws {
        try group.apply(events)
    }

    /// A driver app's sync state, as folded from every appended event.
    func clientState(_ clientID: String) -> OptimisticClientState<TripSync>? {
        group.state(of: OptimisticProjection<TripSync>.self)?[clientID] ?? OptimisticClientState()
    }

    /// Snapshots every projection now (at the end of a run).
    func snapshotAll() throws {
        try group.snapshotNow()
    }

    var summary: SimulationSummary { SimulationSummary(Self.states(group)) }

    /// The summary at `upTo` (default: the end), every projection replayed from its newest
    /// snapshot (or from the start when `snapshots` is nil), all of them at once on every core.
    static func replaySummary(_ log: some EventLogReader, snapshots: (any SnapshotStore)?, upTo: Int64?) throws -> SimulationSummary {
        let replays = ParallelReplays(log: log, snapshots: snapshots, upTo: upTo)
        let city = replays.add(CityProjection()), accounts = replays.add(OnboardingProjection())
        let members = replays.add(MembershipProjection()), drivers = replays.add(OptimisticProjection<TripSync>())
        let liveActivities = replays.add(OOAProjection()), earnings = replays.add(EarningsProjection())
        let trackers = replays.add(TrackerProjection())
        try replays.run()
        return SimulationSummary(ModuleStates(
            city: try city.get(), accounts: try accounts.get(), members: try members.get(), drivers: try drivers.get(),
            liveActivities: try liveActivities.get(), earnings: try earnings.get(), trackers: try trackers.get()
        ))
    }

    private static func states(_ group: ProjectionGroup) -> ModuleStates {
        func state<P: Projection>(_ projection: P) -> P.State { group.state(of: P.self) ?? projection.initialState }
        return ModuleStates(
            city: state(CityProjection()), accounts: state(OnboardingProjection()), members: state(MembershipProjection()),
            drivers: state(OptimisticProjection<TripSync>()), liveActivities: state(OOAProjection()),
            earnings: state(EarningsProjection()), trackers: state(TrackerProjection())
        )
    }
}

/// The projection states the summary is computed from.
struct ModuleStates {
    var city: CityProjection.State
    var accounts: OnboardingState
    var members: MembershipProjection.State
    var drivers: OptimisticProjection<TripSync>.State
    var liveActivities: OOAProjection.State
    var earnings: EarningsProjection.State
    var trackers: TrackerProjection.State
}
