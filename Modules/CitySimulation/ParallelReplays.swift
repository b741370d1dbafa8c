import Dispatch
import EventLog
import Synchronization

/// Projections of one log replayed concurrently (each from its own newest snapshot), so a replay
/// takes about as long as its largest projection rather than the sum of all of them. The largest
/// states start first: one left for last would keep one core busy while the others wait.
struct ParallelReplays: ProjectionStates {
    private let states: [String: any Sendable]

    /// Replays every projection of `projections` up to `upTo`; throws the first error any threw.
    static func run(
        _ projections: [any Projection], log: some EventLogReader, snapshots: (any SnapshotStore)?, upTo: Int64?
    ) throws -> ParallelReplays {
        // Snapshot stores are read from several threads here; both stores allow concurrent reads.
        nonisolated(unsafe) let snapshots = snapshots
        let results = Mutex<[String: Result<any Sendable, any Error>]>([:])
        let largestFirst = try largestFirst(projections, snapshots, upTo)
        DispatchQueue.concurrentPerform(iterations: projections.count) { index in
            let projection = largestFirst[index]
            let result = Result<any Sendable, any Error> { try replay(projection, log, snapshots, upTo) }
            results.withLock { $0[projection.name] = result }
        }
        return ParallelReplays(states: try results.withLock { try $0.mapValues { try $0.get() } })
    }

    /// `projections` by the size of the state they will start from (their newest snapshot at or
    /// before `upTo`), largest first: the longest replays start first.
    private static func largestFirst(_ projections: [any Projection], _ snapshots: (any SnapshotStore)?, _ upTo: Int64?) throws -> [any Projection] {
        guard let snapshots else { return projections }
        let sizes = try projections.map { projection in
            try snapshots.snapshots(of: projection.name).first { snapshot in upTo.map { snapshot.sequence <= $0 } ?? true }?.stateSize ?? 0
        }
        return projections.indices.sorted { sizes[$0] > sizes[$1] }.map { projections[$0] }
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
