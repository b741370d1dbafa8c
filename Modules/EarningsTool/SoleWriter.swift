import EventLog
import EventLogSQLite

/// Appends each batch only where the previous one ended: another process appending to the same
/// log stops the run (`.logEndConflict`) instead of mixing its events into it.
final class SoleWriter: EventLogWriter {
    private let store: SQLiteEventLog
    private var end: Int64

    /// A writer for `store`, whose events must follow sequence `end`.
    init(_ store: SQLiteEventLog, after end: Int64) {
        self.store = store
        self.end = end
    }

    func append(_ events: [NewEvent]) throws -> [AppendedEvent] {
        let landed = try store.append(events, expectedLastSequence: end)
        end = max(end, landed.map(\.sequence).max() ?? end)
        return landed
    }
}
