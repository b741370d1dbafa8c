import Foundation
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
    /// Why the stored description cannot be trusted (a value of the wrong type, say), nil when it
    /// can; the fields it could not give are 0 or empty.
    public var damage: String?

    public init(
        id: Int64, projection: String, projectionVersion: Int, sequence: Int64,
        stateSize: Int, storedSize: Int, createdAt: Instant, damage: String? = nil
    ) {
        self.id = id
        self.projection = projection
        self.projectionVersion = projectionVersion
        self.sequence = sequence
        self.stateSize = stateSize
        self.storedSize = storedSize
        self.createdAt = createdAt
        self.damage = damage
    }

    /// Why this snapshot cannot hold a state of a log whose last event is `lastSequence`: its
    /// damage, or a sequence before the first event or past the last; nil when it can.
    public func defect(inLogEndingAt lastSequence: Int64) -> String? {
        if let damage { return damage }
        if sequence < 1 { return "its sequence \(sequence) is before the first event" }
        if sequence > lastSequence { return "its sequence \(sequence) is past the end of the log (\(lastSequence))" }
        return nil
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
    /// Stores an encoded state (an array, or the encoder's buffer: see `Projection.withEncodedState`).
    ///
    /// The store takes `state`: it may release it once it has compressed it, so a large state
    /// handed over without another reference is freed before its compressed form is written.
    @discardableResult
    func saveSnapshot(projection: String, version: Int, sequence: Int64, state: consuming some ContiguousBytes) throws -> SnapshotInfo

    /// Makes a snapshot ahead of storing it: `encode` hands the state's encoding to the sink in
    /// chunks, which the store turns into what it keeps as they come (a compressing store never
    /// holds the whole encoding). Store it with ``saveSnapshot(_:)``.
    func prepareSnapshot(projection: String, version: Int, sequence: Int64, encode: (EncodedStateSink) throws -> Void) throws -> PreparedSnapshot

    /// Stores a snapshot made by ``prepareSnapshot(projection:version:sequence:encode:)``, created
    /// at its ``PreparedSnapshot/createdAt`` if it has one, else at the log's clock.
    @discardableResult
    func saveSnapshot(_ prepared: PreparedSnapshot) throws -> SnapshotInfo
}

extension SnapshotStore {
    /// Collects the encoding whole, for a store that keeps it as it is.
    public func prepareSnapshot(projection: String, version: Int, sequence: Int64, encode: (EncodedStateSink) throws -> Void) throws -> PreparedSnapshot {
        let state = EncodedStateBytes()
        try encode(.collecting(into: state))
        return PreparedSnapshot(projection: projection, version: version, sequence: sequence, stateSize: state.bytes.count, stored: state.bytes)
    }

    /// Makes a snapshot of `state` of `projection` at `sequence`, its encoding streamed in chunks.
    public func prepareSnapshot<P: Projection>(of projection: P, state: P.State, at sequence: Int64) throws -> PreparedSnapshot {
        try prepareSnapshot(projection: projection.name, version: projection.version, sequence: sequence) { sink in
            try projection.encodeState(state, inChunksOf: snapshotChunkSize, to: sink)
        }
    }

    /// Makes a snapshot of `projection` at `sequence` from `view`, which encodes as the
    /// projection's state (``BinaryKeyedEntries`` of where a dictionary state's values are, say),
    /// its encoding streamed in chunks.
    public func prepareSnapshot<P: Projection>(of projection: P, encodedAs view: some BinaryEncodable, at sequence: Int64) throws -> PreparedSnapshot {
        try prepareSnapshot(projection: projection.name, version: projection.version, sequence: sequence) { sink in
            try BinaryEncoder().encode(view, inChunksOf: snapshotChunkSize, to: sink)
        }
    }

    /// Snapshots `state` of `projection` at `sequence` now, its encoding streamed in chunks.
    @discardableResult
    public func saveSnapshot<P: Projection>(of projection: P, state: P.State, at sequence: Int64) throws -> SnapshotInfo {
        try saveSnapshot(prepareSnapshot(of: projection, state: state, at: sequence))
    }
}

/// How much of a state's encoding a snapshot holds at a time.
private let snapshotChunkSize = 1 << 20

/// When a ``ProjectionRunner`` or a ``ProjectionGroup`` takes snapshots.
public struct SnapshotPolicy: Sendable, Hashable {
    /// Take one when at least this many sequence numbers passed since the last one; `nil` never.
    public var interval: Int64?
    /// When set, also wait until the events since the last snapshot number at least its encoded
    /// size divided by this: big states are snapshotted less often, so snapshots never cost more
    /// than about this many bytes of encoded state per event, however large the states grow.
    public var stateBytesPerEvent: Int64?

    /// A snapshot every `events` sequence numbers; with `stateBytesPerEvent`, less often when the
    /// last snapshot was large (see ``stateBytesPerEvent``).
    public static func every(_ events: Int64, stateBytesPerEvent: Int64? = nil) -> SnapshotPolicy {
        SnapshotPolicy(interval: max(1, events), stateBytesPerEvent: stateBytesPerEvent.map { max(1, $0) })
    }
    /// No automatic snapshots.
    public static let never = SnapshotPolicy(interval: nil)

    /// Whether a snapshot is due at `sequence` when the last was at `last` and encoded to
    /// `lastSize` bytes (0 when unknown).
    public func isDue(at sequence: Int64, lastSnapshot last: Int64, lastSize: Int = 0) -> Bool {
        dueSequence(lastSnapshot: last, lastSize: lastSize).map { sequence >= $0 } ?? false
    }

    /// The first sequence at which a snapshot is due when the last was at `last` and encoded to
    /// `lastSize` bytes (0 when unknown); `nil` when none ever is.
    public func dueSequence(lastSnapshot last: Int64, lastSize: Int = 0) -> Int64? {
        guard let interval else { return nil }
        let budgeted = stateBytesPerEvent.map { Int64(lastSize) / $0 } ?? 0
        return last + max(interval, budgeted)
    }
}
