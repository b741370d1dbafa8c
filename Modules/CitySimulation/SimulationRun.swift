import EventLog
import PlatformKit

/// Runs a whole simulation against a log and computes its summary: the one entry point the
/// `platform` binary (and the tests) use.
public enum SimulationRun {
    /// Progress of a run, for a progress bar.
    public struct Progress: Sendable {
        public var virtualTime: Instant
        public var start: Instant
        public var end: Instant
        public var events: Int64
    }

    /// Runs `options` to the end, appending to `log` and snapshotting every projection by
    /// `options.snapshotEvery`. `log` must read `clock`, which the run sets to each batch's
    /// virtual time as it appends it (batches are appended and projected on a second thread).
    /// If `log` already holds the start of the same run (a killed run), it is checked event by
    /// event and the run continues after it.
    public static func run(
        _ options: SimulationOptions, log: some EventLogStore & SnapshotStore, clock: VirtualClock, assets: SimulationAssets,
        progress: @escaping (Progress) -> Void = { _ in }
    ) throws -> SimulationSummary {
        let projections = try PlatformProjections(log: log, snapshots: log, policy: snapshotPolicy(options))
        try simulate(options, log: log, clock: clock, assets: assets, projections: projections, progress: progress)
        // The simulation's own states are freed by now: the last snapshots and the summary, which
        // need memory of their own, only use the projections.
        try projections.snapshotAll()
        return try projections.summary()
    }

    /// Runs the simulation itself, keeping `projections` current.
    private static func simulate(
        _ options: SimulationOptions, log: some EventLogStore & SnapshotStore, clock: VirtualClock, assets: SimulationAssets,
        projections: PlatformProjections, progress: @escaping (Progress) -> Void
    ) throws {
        let simulation = try Simulation(options: options, log: log, logClock: clock, assets: assets)
        simulation.sink.afterAppend = { try projections.apply($0, appended: $1) }
        simulation.projectedClientState = { projections.clientState($0) }
        try simulation.run { simulation in
            progress(Progress(virtualTime: simulation.now, start: options.start, end: options.end, events: simulation.events))
        }
    }

    /// Every `snapshotEvery` events, or less often once the states are big: snapshots cost at most
    /// ~128 bytes of encoded state per event, however many riders the city has.
    static func snapshotPolicy(_ options: SimulationOptions) -> SnapshotPolicy {
        .every(options.snapshotEvery, stateBytesPerEvent: 128)
    }

    /// Every projection a simulation snapshots, for `verify`.
    public static var projections: [any Projection] { PlatformProjections.all }

    /// The options a simulation log was written with (its first event), for `--resume`.
    public static func storedOptions(in log: some EventLogReader) throws -> SimulationOptions? {
        var options: SimulationOptions?
        try log.forEach(EventQuery(limit: 1)) { event in
            guard event.type == SimulationStarted.eventType else { return }
            options = try CityEvents.registry.decode(event).flatMap { ($0 as? SimulationStarted)?.options }
        }
        return options
    }

    /// The summary of the run in `log` at sequence `upTo`, from the newest snapshots (or from
    /// the start of the log when `fromStart`).
    public static func replay(
        _ log: some EventLogReader & SnapshotStore, upTo: Int64? = nil, fromStart: Bool = false
    ) throws -> SimulationSummary {
        try PlatformProjections.replaySummary(log, snapshots: fromStart ? nil : log, upTo: upTo)
    }
}
