import EventLog
import Foundation

/// A log that "dies" (throws) on its `appendsBeforeCrash + 1`-th append, like a killed process:
/// every earlier batch is stored whole, nothing of the failing one.
final class CrashingLog: EventLogStore, SnapshotStore, @unchecked Sendable {
    struct Crash: Error {}

    let inner: InMemoryEventLog
    private var appendsLeft: Int

    init(_ inner: InMemoryEventLog, appendsBeforeCrash: Int) {
        self.inner = inner
        appendsLeft = appendsBeforeCrash
    }

    func append(_ events: [NewEvent]) throws -> [AppendedEvent] {
        guard appendsLeft > 0 else { throw Crash() }
        appendsLeft -= 1
        return try inner.append(events)
    }

    func lastSequence() throws -> Int64 { try inner.lastSequence() }
    func streamVersion(of stream: String) throws -> Int64 { try inner.streamVersion(of: stream) }
    func forEach(_ query: EventQuery, _ body: (RecordedEvent) throws -> Void) throws { try inner.forEach(query, body) }
    func snapshots(of projection: String) throws -> [SnapshotInfo] { try inner.snapshots(of: projection) }
    func allSnapshots() throws -> [SnapshotInfo] { try inner.allSnapshots() }
    func loadState(_ snapshot: SnapshotInfo) throws -> [UInt8] { try inner.loadState(snapshot) }
    func saveSnapshot(projection: String, version: Int, sequence: Int64, state: consuming some ContiguousBytes) throws -> SnapshotInfo {
        try inner.saveSnapshot(projection: projection, version: version, sequence: sequence, state: state)
    }
}
