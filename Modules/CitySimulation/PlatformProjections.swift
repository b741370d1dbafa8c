import EventLog

/// Every projection a simulation keeps current and snapshots by the log's policy; the summary
/// is computed from their states only, so a replay prints exactly what the run printed.
final class PlatformProjections {
    private let city: ProjectionRunner<CityProjection>

    /// Every projection kept and snapshotted.
    static var all: [any Projection] { [CityProjection()] }

    init(log: any EventLogReader, snapshots: (any SnapshotStore)?, policy: SnapshotPolicy) throws {
        city = try ProjectionRunner(CityProjection(), log: log, snapshots: snapshots, policy: policy)
    }

    /// Folds what was appended since the last call, snapshotting by policy.
    func catchUp() throws {
        try city.catchUp()
    }

    /// Snapshots every projection now (at the end of a run).
    func snapshotAll() throws {
        try city.snapshotNow()
    }

    var summary: SimulationSummary {
        SimulationSummary(city: city.state)
    }

    /// The summary at `upTo` (default: the end), replayed from the newest snapshots, or from
    /// the start when `snapshots` is nil.
    static func replaySummary(_ log: some EventLogReader, snapshots: (any SnapshotStore)?, upTo: Int64?) throws -> SimulationSummary {
        let city = try CityProjection().replay(log, snapshots: snapshots, upTo: upTo)
        return SimulationSummary(city: city.state)
    }
}
