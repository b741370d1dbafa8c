import EventLog
import OnboardingService
import OOAService

/// Every projection a simulation keeps current and snapshots by the log's policy; the summary
/// is computed from their states only, so a replay prints exactly what the run printed.
final class PlatformProjections {
    private let group: ProjectionGroup

    /// Every projection kept and snapshotted.
    static var all: [any Projection] { [CityProjection(), OnboardingProjection(), OOAProjection()] }

    init(log: any EventLogReader, snapshots: (any SnapshotStore)?, policy: SnapshotPolicy) throws {
        group = try ProjectionGroup(Self.all, log: log, snapshots: snapshots, policy: policy)
    }

    /// Folds a batch just appended, snapshotting by policy.
    func apply(_ events: [RecordedEvent]) throws {
        try group.apply(events)
    }

    /// Snapshots every projection now (at the end of a run).
    func snapshotAll() throws {
        try group.snapshotNow()
    }

    var summary: SimulationSummary { Self.summary(of: group) }

    /// The summary at `upTo` (default: the end), replayed from the newest snapshots, or from
    /// the start when `snapshots` is nil.
    static func replaySummary(_ log: some EventLogReader, snapshots: (any SnapshotStore)?, upTo: Int64?) throws -> SimulationSummary {
        let city = try CityProjection().replay(log, snapshots: snapshots, upTo: upTo).state
        let ooa = try OOAProjection().replay(log, snapshots: snapshots, upTo: upTo).state
        let accounts = try OnboardingProjection().replay(log, snapshots: snapshots, upTo: upTo).state
        return SimulationSummary(city: city, ooa: ooa, accounts: accounts)
    }

    private static func summary(of group: ProjectionGroup) -> SimulationSummary {
        SimulationSummary(
            city: group.state(of: CityProjection.self) ?? CityProjection().initialState,
            ooa: group.state(of: OOAProjection.self) ?? OOAProjection().initialState,
            accounts: group.state(of: OnboardingProjection.self) ?? OnboardingProjection().initialState
        )
    }
}
