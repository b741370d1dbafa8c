/// Reads a log. Reads see only committed events, never half of a batch.
public protocol EventLogReader: Sendable {
    /// The newest sequence number, `0` for an empty log.
    func lastSequence() throws -> Int64
    /// The stream's current version (its last position), `0` if it has no events.
    func streamVersion(of stream: String) throws -> Int64
    /// Calls `body` for each matching event in sequence order, in constant memory.
    func forEach(_ query: EventQuery, _ body: (RecordedEvent) throws -> Void) throws
}

/// Appends to a log.
public protocol EventLogWriter {
    /// Appends `events` in one transaction: all of them or, on any error, none.
    ///
    /// Throws a ``EventLogError`` with ``EventLogError/Code/concurrencyConflict(stream:expectedPosition:actualVersion:)``
    /// when an event's `expectedPosition` does not match its stream.
    @discardableResult
    func append(_ events: [NewEvent]) throws -> [AppendedEvent]

    /// Appends typed `events` in one transaction, as ``append(_:)`` does, where the caller needs
    /// nothing back. The log encodes them: one that buffers its events can encode each straight
    /// into its batch. Provided: encodes them and calls ``append(_:)``.
    func record(_ events: [TypedEvent]) throws
}

extension EventLogWriter {
    public func record(_ events: [TypedEvent]) throws {
        try append(events.map { try $0.event.newEvent(stream: $0.stream) })
    }
}

/// A typed event and the stream it goes to, for ``EventLogWriter/record(_:)``.
public struct TypedEvent: Sendable {
    public var event: any Event
    public var stream: String

    public init(_ event: any Event, stream: String) {
        self.event = event
        self.stream = stream
    }
}

/// A log that can be read and appended to.
public typealias EventLogStore = EventLogReader & EventLogWriter

/// A log that can append a batch without reporting where each event landed: for its only
/// writer, which knows the sequence numbers its events get, so that the log need not build a
/// landing per event.
public protocol BulkEventLogWriter: EventLogWriter {
    /// Appends `events`, none with an idempotency key, as ``EventLogWriter/append(_:)`` does;
    /// with `expectedLastSequence`, only if the log's last event is that one (0: an empty log),
    /// else throws ``EventLogError/Code/logEndConflict(expectedLastSequence:actualLastSequence:)``.
    /// A writer that numbers its events itself (it takes itself for the log's only writer)
    /// passes it, so that another writer's events are never taken for its own.
    func appendWithoutLandings(_ events: EventBatch, expectedLastSequence: Int64?) throws
}

extension EventLogReader {
    /// All matching events in memory; for tests and small logs.
    public func events(_ query: EventQuery = .all) throws -> [RecordedEvent] {
        var result: [RecordedEvent] = []
        try forEach(query) { result.append($0) }
        return result
    }
}
