import EventLog
import Foundation

/// A log that "dies" (throws) on its `appendsBeforeCrash + 1`-th append, or on storing its
/// `snapshotsBeforeCrash.count + 1`-th snapshot at sequence `snapshotsBeforeCrash.at`, like a
/// killed process: every earlier batch and snapshot is stored whole, nothing of the failing one.
final class CrashingLog: EventLogStore, SnapshotStore, @unchecked Sendable {
    struct Crash: Error {}

    let inner: InMemoryEventLog
    private var appendsLeft: Int
    private var snapshotsLeft: Int
    private let crashingSequence: Int64?

    init(_ inner: InMemoryEventLog, appendsBeforeCrash: Int = .max, snapshotsBeforeCrash: (count: Int, at: Int64)? = nil) {
        self.inner = inner
        appendsLeft = appendsBeforeCrash
        snapshotsLeft = snapshotsBeforeCrash?.count ?? .max
        crashingSequence = snapshotsBeforeCrash?.at
    }

    func append(_ events: [NewEvent]) throws -> [AppendedEvent] {
        try survive(&appendsLeft)
        return try inner.append(events)
    }

    func lastSequence() throws -> Int64 { try inner.lastSequence() }
    func streamVersion(of stream: String) throws -> Int64 { try inner.streamVersion(of: stream) }
    func forEach(_ query: EventQuery, _ body: (RecordedEvent) throws -> Void) throws { try inner.forEach(query, body) }
    func snapshots(of projection: String) throws -> [SnapshotInfo] { try inner.snapshots(of: projection) }
    func allSnapshots() throws -> [SnapshotInfo] { try inner.allSnapshots() }
    func loadState(_ snapshot: SnapshotInfo) throws -> [UInt8] { try inner.loadState(snapshot) }
    func saveSnapshot(projection: String, version: Int, sequence: Int64, state: consuming some ContiguousBytes) throws -> SnapshotInfo {
        if sequence == crashingSequence { try survive(&snapshotsLeft) }
        return try inner.saveSnapshot(projection: projection, version: version, sequence: sequence, state: state)
    }
    func saveSnapshot(_ prepared: PreparedSnapshot) throws -> SnapshotInfo {
        if prepared.sequence == crashingSequence { try survive(&snapshotsLeft) }
        return try inner.saveSnapshot(prepared)
    }

    /// Counts one more write against `left`; throws once none is left.
    private func survive(_ left: inout Int) throws {
        guard left > 0 else { throw Crash() }
        left -= 1
    }
}
