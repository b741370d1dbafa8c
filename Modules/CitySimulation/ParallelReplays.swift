import Dispatch
import EventLog
import Synchronization

/// Projections of one log replayed concurrently (each from its own newest snapshot), so a replay
/// takes about as long as its largest projection rather than the sum of all of them.
struct ParallelReplays: ProjectionStates {
    private let states: [String: any Sendable]

    /// Replays every projection of `projections` up to `upTo`; throws the first error any threw.
    static func run(
        _ projections: [any Projection], log: some EventLogReader, snapshots: (any SnapshotStore)?, upTo: Int64?
    ) throws -> ParallelReplays {
        // Snapshot stores are read from several threads here; both stores allow concurrent reads.
        nonisolated(unsafe) let snapshots = snapshots
        let results = Mutex<[String: Result<any Sendable, any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: projections.count) { index in
            let projection = projections[index]
            let result = Result<any Sendable, any Error> { try replay(projection, log, snapshots, upTo) }
            results.withLock { $0[projection.name] = result }
        }
        return ParallelReplays(states: try results.withLock { try $0.mapValues { try $0.get() } })
    }

    private static func replay<P: Projection>(
        _ projection: P, _ log: some EventLogReader, _ snapshots: (any SnapshotStore)?, _ upTo: Int64?
    ) throws -> any Sendable {
        try projection.replay(log, snapshots: snapshots, upTo: upTo).state
    }

    func state<P: Projection>(_ projection: P) throws -> P.State {
        guard let state = states[projection.name] as? P.State else { throw SimulationError("no replayed state for projection \(projection.name)") }
        return state
    }
}
