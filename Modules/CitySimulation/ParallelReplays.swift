import EventLog
import Synchronization

/// Projections of one log replayed concurrently (each from its own newest snapshot) on a
/// ``WorkQueue``, so a replay takes about as long as its work spread over every core rather than
/// the sum of it. Small states go first (they take milliseconds, and work that needs them can
/// then start early), then the largest: one left for last would keep one core busy while the
/// others wait.
final class ParallelReplays: ProjectionStates, Sendable {
    private let results = Mutex<[String: Result<any Sendable, any Error>]>([:])
    private let skipped = Mutex<[String]>([])
    private let starts = Mutex<[String: SnapshotInfo]>([:])

    /// States at most this large (their newest snapshot) are replayed first.
    private static let smallState = 1 << 20

    /// Queues on `queue` the replay of every projection of `projections` up to `upTo`; after each,
    /// `replayed` is called (on the thread that replayed it) with the states replayed so far.
    init(
        _ projections: [any Projection], log: some EventLogReader, snapshots: (any SnapshotStore)?, upTo: Int64?,
        on queue: WorkQueue, replayed: @escaping @Sendable (ParallelReplays) -> Void = { _ in }
    ) throws {
        // Snapshot stores are read from several threads here; both stores allow concurrent reads.
        nonisolated(unsafe) let snapshots = snapshots
        for projection in try Self.ordered(projections, snapshots, upTo) {
            queue.submit { [self] in
                let result = Result<any Sendable, any Error> {
                    let replayed = try Self.replay(projection, log, snapshots, upTo)
                    skipped.withLock { $0 += replayed.warnings }
                    if let snapshot = replayed.snapshot { starts.withLock { $0[projection.name] = snapshot } }
                    return replayed.state
                }
                results.withLock { $0[projection.name] = result }
                replayed(self)
            }
        }
    }

    /// `projections` in the order they are replayed: small states first, then by the size of the
    /// state they start from (their newest snapshot at or before `upTo`), largest first.
    private static func ordered(_ projections: [any Projection], _ snapshots: (any SnapshotStore)?, _ upTo: Int64?) throws -> [any Projection] {
        guard let snapshots else { return projections }
        let sizes = try projections.map { projection in
            try snapshots.snapshots(of: projection.name).first { snapshot in upTo.map { snapshot.sequence <= $0 } ?? true }?.stateSize ?? 0
        }
        func rank(_ index: Int) -> (Int, Int) { (sizes[index] > smallState ? 1 : 0, -sizes[index]) }
        return projections.indices.sorted { rank($0) < rank($1) }.map { projections[$0] }
    }

    private static func replay<P: Projection>(
        _ projection: P, _ log: some EventLogReader, _ snapshots: (any SnapshotStore)?, _ upTo: Int64?
    ) throws -> (state: any Sendable, warnings: [String], snapshot: SnapshotInfo?) {
        let replayed = try projection.replay(log, snapshots: snapshots, upTo: upTo)
        return (replayed.state, replayed.warnings, replayed.snapshot)
    }

    /// The snapshots the replays skipped (unreadable, or of another projection version), and why;
    /// sorted, so the same every time.
    var warnings: [String] { skipped.withLock { $0 }.sorted() }

    /// The snapshot the replay of `projection` started from; nil for the start of the log.
    func snapshot(startedFrom projection: any Projection) -> SnapshotInfo? {
        starts.withLock { $0[projection.name] }
    }

    /// Whether every projection of `projections` has been replayed successfully.
    func haveReplayed(_ projections: [any Projection]) -> Bool {
        results.withLock { results in projections.allSatisfy { (try? results[$0.name]?.get()) != nil } }
    }

    func state<P: Projection>(_ projection: P) throws -> P.State {
        let result = results.withLock { $0[projection.name] }
        guard let state = try result?.get() as? P.State else { throw SimulationError("no replayed state for projection \(projection.name)") }
        return state
    }

    /// Throws the first error any replay threw (in projection-name order, so the same one every time).
    func checkAll() throws {
        for (_, result) in results.withLock({ $0 }).sorted(by: { $0.key < $1.key }) { _ = try result.get() }
    }
}
