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
    /// event and the run continues after it. An error `progress` throws stops the run, as any
    /// error does: the log then ends at the last whole batch. `progress` is also called after
    /// each of the final snapshots, so that an interruption it checks for is seen there too.
    public static func run(
        _ options: SimulationOptions, log: some EventLogStore & SnapshotStore, clock: VirtualClock, assets: SimulationAssets,
        progress: @escaping (Progress) throws -> Void = { _ in }
    ) throws -> SimulationSummary {
        let simulation = try Simulation(options: options, log: log, logClock: clock, assets: assets)
        let snapshots = ServiceSnapshots(simulation.snapshotSources, store: log, policy: snapshotPolicy(options))
        let states = try simulate(consume simulation, snapshots: consume snapshots, progress: progress)
        // The simulation is freed by now, but for the final states: the summary, which needs
        // memory of its own, only uses those.
        return SimulationSummary(try ModuleStates(states))
    }

    /// Runs `simulation`, snapshotting every projection's state by `snapshots`; the final states,
    /// snapshotted.
    private static func simulate(
        _ simulation: consuming Simulation, snapshots: consuming ServiceSnapshots, progress: @escaping (Progress) throws -> Void
    ) throws -> ServiceStates {
        let options = simulation.options
        simulation.serviceSnapshots = snapshots
        let reportProgress = { (simulation: Simulation) in
            try progress(Progress(virtualTime: simulation.now, start: options.start, end: options.end, events: simulation.events))
        }
        try simulation.run(progress: reportProgress)
        try snapshots.saveAll(simulation.sink) { try reportProgress(simulation) }
        return snapshots.states
    }

    /// Every `snapshotEvery` events, or less often once the states are big: snapshots cost at most
    /// ``snapshotBytesPerEvent`` bytes of encoded state per event, however many riders the city has.
    static func snapshotPolicy(_ options: SimulationOptions) -> SnapshotPolicy {
        .every(options.snapshotEvery, stateBytesPerEvent: snapshotBytesPerEvent)
    }

    /// The snapshot budget: each projection is snapshotted once the events since its last
    /// snapshot number its encoded size divided by this (or `snapshotEvery`, if more).
    ///
    /// A trade-off between the run and replays that stop mid-run (`--at`, a killed run's log):
    /// at 1 000 000 riders a budget of 128 bytes had the simulation thread spend ~40 % of its
    /// time encoding the back ends' states (each was then encoded twice, to stream it in chunks); 32
    /// bytes spends a quarter of that, and a replay stopping mid-run folds up to 4× more events
    /// after the snapshots it starts from. A finished run's last snapshots are at its last event.
    static let snapshotBytesPerEvent: Int64 = 32

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
    /// the start of the log when `fromStart`); `warning` is told of each snapshot that could not
    /// be used (a corrupt one, say), an older snapshot or the start being used instead, and
    /// `started` of the snapshot each projection's replay started from (nil: the start of the
    /// log, when none is at or before `upTo`).
    public static func replay(
        _ log: some EventLogReader & SnapshotStore, upTo: Int64? = nil, fromStart: Bool = false, warning: (String) -> Void = { _ in },
        started: (any Projection, SnapshotInfo?) -> Void = { _, _ in }
    ) throws -> SimulationSummary {
        try PlatformProjections.replaySummary(log, snapshots: fromStart ? nil : log, upTo: upTo, warning: warning, started: started)
    }
}

extension SimulationRun {
    /// The summary of the run in `log` at its end, from states already replayed (a verification's,
    /// by projection name); a projection missing from `replayed` is replayed from the start.
    public static func summary(_ log: some EventLogReader, replayed: [String: any Sendable]) throws -> SimulationSummary {
        SimulationSummary(try ModuleStates(GivenStates(log: log, replayed: replayed)))
    }
}

/// States replayed beforehand, and the log to replay any other from.
private struct GivenStates<Log: EventLogReader>: ProjectionStates {
    let log: Log
    let replayed: [String: any Sendable]

    func state<P: Projection>(_ projection: P) throws -> P.State {
        try replayed[projection.name] as? P.State ?? projection.replay(log).state
    }
}
