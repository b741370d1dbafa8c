import EventLog

/// Buffers a run's events and appends them to the shared log in batches, in virtual time.
///
/// When resuming, the log already holds a prefix of the run: the sink re-derives those events,
/// checks each against the stored one (stream, type, payload) and appends only what follows.
final class LogSink {
    private let log: any EventLogStore
    private let batchSize: Int
    private var buffer: [NewEvent] = []
    /// Events of the run so far (stored or re-derived).
    private(set) var emitted: Int64 = 0
    /// Stored events still to be matched while resuming.
    private var storedPrefix: Int64
    /// Called after each batch is appended.
    var afterAppend: () throws -> Void = {}

    init(log: any EventLogStore, batchSize: Int) throws {
        self.log = log
        self.batchSize = batchSize
        storedPrefix = try log.lastSequence()
    }

    /// Whether the sink is still re-deriving a stored prefix.
    var isResuming: Bool { emitted < storedPrefix }

    /// Queues `event` on `stream`; appends a batch when it is full.
    func emit(_ event: some Event, stream: String) throws {
        buffer.append(try event.newEvent(stream: stream))
        if buffer.count >= batchSize { try flush() }
    }

    /// Queues already-encoded events (from a module that returns `NewEvent`s).
    func emit(_ events: [NewEvent]) throws {
        buffer.append(contentsOf: events)
        if buffer.count >= batchSize { try flush() }
    }

    /// Appends (or, resuming, checks) everything queued.
    func flush() throws {
        guard !buffer.isEmpty else { return }
        let batch = buffer
        buffer.removeAll(keepingCapacity: true)
        let first = emitted + 1
        emitted += Int64(batch.count)
        if first <= storedPrefix {
            try check(batch, from: first)
        } else {
            try log.append(batch)
            try afterAppend()
        }
    }

    private func check(_ batch: [NewEvent], from first: Int64) throws {
        guard first + Int64(batch.count) - 1 <= storedPrefix else {
            throw SimulationError("the log ends inside a batch at sequence \(storedPrefix); it was not written by this simulation")
        }
        var index = 0
        try log.forEach(EventQuery(from: first, limit: batch.count)) { stored in
            let expected = batch[index]
            guard stored.streamID == expected.streamID, stored.type == expected.type, stored.payload == expected.payload else {
                throw SimulationError("event \(stored.sequence) (\(stored.type)) differs from this run's; resume needs the same seed and options")
            }
            index += 1
        }
    }
}
