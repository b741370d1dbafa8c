import Foundation
import PlatformKit

/// Receives a state's encoding in order, in pieces: bytes, and gaps for bytes that are known
/// only once the bytes after them are written (the length of a long region, which comes before
/// the region).
public struct EncodedStateSink {
    /// The next bytes (valid only during the call).
    public let write: (UnsafeRawBufferPointer) throws -> Void
    /// A gap after the bytes so far. Gaps are numbered from 0 in the order they are left.
    public let gap: () throws -> Void
    /// The bytes of the gap numbered by the first argument (at most 10: a LEB128 length), valid
    /// only during the call. A gap is filled before any gap left before it, and every gap is
    /// filled by the end of the encoding.
    public let fill: (Int, UnsafeRawBufferPointer) throws -> Void

    public init(
        write: @escaping (UnsafeRawBufferPointer) throws -> Void, gap: @escaping () throws -> Void,
        fill: @escaping (Int, UnsafeRawBufferPointer) throws -> Void
    ) {
        self.write = write
        self.gap = gap
        self.fill = fill
    }

    /// A sink that collects the encoding whole in `bytes`.
    public static func collecting(into bytes: EncodedStateBytes) -> EncodedStateSink {
        EncodedStateSink(
            write: { bytes.bytes.append(contentsOf: $0) },
            gap: { bytes.gaps.append(bytes.bytes.count) },
            fill: { bytes.bytes.insert(contentsOf: $1, at: bytes.gaps[$0]) }
        )
    }
}

/// A state's encoding collected whole by ``EncodedStateSink/collecting(into:)``.
public final class EncodedStateBytes {
    /// The encoding so far, gaps filled.
    public fileprivate(set) var bytes = Data()
    /// Where each gap is in `bytes` (no gap after an unfilled one is filled yet, so none moves).
    fileprivate var gaps: [Int] = []

    public init() {}
}

/// A snapshot made ahead of storing it, in the form its store keeps.
public struct PreparedSnapshot: Sendable {
    public let projection: String
    public let version: Int
    public let sequence: Int64
    /// The size of the encoded state.
    public let stateSize: Int
    /// What the store keeps: the encoded state, or its compressed form.
    public let stored: Data
    /// When the state was the projection's, recorded as the snapshot's time; `nil` (the default)
    /// for the log's clock when it is stored. A run in virtual time sets it to the time of the
    /// event at `sequence`, as it sets each event's ``NewEvent/recordedAt``.
    public var createdAt: Instant?

    public init(projection: String, version: Int, sequence: Int64, stateSize: Int, stored: Data, createdAt: Instant? = nil) {
        self.projection = projection
        self.version = version
        self.sequence = sequence
        self.stateSize = stateSize
        self.stored = stored
        self.createdAt = createdAt
    }
}
