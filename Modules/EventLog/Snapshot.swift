import PlatformKit

/// What the log knows about one stored snapshot.
public struct SnapshotInfo: Sendable, Hashable, Codable {
    public var id: Int64
    public var projection: String
    public var projectionVersion: Int
    /// The last sequence number folded into the state.
    public var sequence: Int64
    /// Size of the encoded state.
    public var stateSize: Int
    /// Size as stored (compressed where the store compresses).
    public var storedSize: Int
    public var createdAt: Instant

    public init(
        id: Int64, projection: String, projectionVersion: Int, sequence: Int64,
        stateSize: Int, storedSize: Int, createdAt: Instant
    ) {
        self.id = id
        self.projection = projection
        self.projectionVersion = projectionVersion
        self.sequence = sequence
        self.stateSize = stateSize
        self.storedSize = storedSize
        self.createdAt = createdAt
    }
}

/// Stores projection states at a sequence number.
public protocol SnapshotStore {
    /// Snapshots of `projection`, newest sequence first.
    func snapshots(of projection: String) throws -> [SnapshotInfo]
    /// Every snapshot, oldest first.
    func allSnapshots() throws -> [SnapshotInfo]
    /// The encoded state, verified against its checksum; throws when it does not match.
    func loadState(_ snapshot: SnapshotInfo) throws -> [UInt8]
    /// Stores an encoded state.
    @discardableResult
    func saveSnapshot(projection: String, version: Int, sequence: Int64, state: [UInt8]) throws -> SnapshotInfo
}

/// When a ``ProjectionRunner`` takes snapshots.
public struct SnapshotPolicy: Sendable, Hashable {
    /// Take one when at least this many sequence numbers passed since the last one; `nil` never.
    public var interval: Int64?

    /// A snapshot every `events` sequence numbers.
    public static func every(_ events: Int64) -> SnapshotPolicy { SnapshotPolicy(interval: max(1, events)) }
    /// No automatic snapshots.
    public static let never = SnapshotPolicy(interval: nil)

    /// Whether a snapshot is due at `sequence` when the last was at `last`.
    public func isDue(at sequence: Int64, lastSnapshot last: Int64) -> Bool {
        guard let interval else { return false }
        return sequence - last >= interval
    }
}
