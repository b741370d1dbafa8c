/// Keeps one projection's state current with a log and snapshots it by policy.
///
/// Not thread-safe: own it from one place (a simulation loop, a tool, a test).
public final class ProjectionRunner<P: Projection> {
    public let projection: P
    public private(set) var state: P.State
    /// The last sequence number folded into `state`.
    public private(set) var sequence: Int64
    public private(set) var lastSnapshotSequence: Int64
    /// The encoded size of the last snapshot taken (0 before one).
    public private(set) var lastSnapshotSize = 0
    /// Warnings from the initial replay (skipped snapshots).
    public private(set) var warnings: [String]

    private let log: any EventLogReader
    private let snapshots: (any SnapshotStore)?
    private let policy: SnapshotPolicy

    /// Replays `projection` from its newest valid snapshot.
    public init(
        _ projection: P, log: any EventLogReader, snapshots: (any SnapshotStore)? = nil, policy: SnapshotPolicy = .never
    ) throws {
        let result = try projection.replay(log, snapshots: snapshots)
        self.projection = projection
        self.log = log
        self.snapshots = snapshots
        self.policy = policy
        self.state = result.state
        self.sequence = result.sequence
        self.lastSnapshotSequence = result.snapshot?.sequence ?? 0
        self.warnings = result.warnings
    }

    /// Folds events appended since the last call; snapshots when the policy says so.
    @discardableResult
    public func catchUp() throws -> Int {
        let end = try log.lastSequence()
        guard end > sequence else { return 0 }
        let applied = try projection.fold(log, into: &state, from: sequence + 1, to: end)
        sequence = end
        if policy.isDue(at: sequence, lastSnapshot: lastSnapshotSequence, lastSize: lastSnapshotSize) {
            try snapshotNow()
        }
        return applied
    }

    /// Stores the current state as a snapshot at `sequence`.
    @discardableResult
    public func snapshotNow() throws -> SnapshotInfo? {
        guard let snapshots else { return nil }
        projection.prepareForSnapshot(&state)
        let info = try snapshots.saveSnapshot(of: projection, state: state, at: sequence)
        lastSnapshotSequence = sequence
        lastSnapshotSize = info.stateSize
        return info
    }
}
