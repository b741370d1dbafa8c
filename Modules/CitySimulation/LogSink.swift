import EventLog
import PlatformKit

/// Buffers a run's events and appends them to the shared log in batches, in virtual time.
///
/// Every module of the simulation writes through it (it is their `EventLogStore`), so one
/// transaction carries thousands of events from all modules. Reads flush first, so they see
/// everything appended. Plain events are buffered: their sequence numbers are exact (the sink is
/// the log's only writer) but their stream positions are reported as 0, since they are assigned
/// when the batch is written; events with an expected position or an idempotency key flush the
/// buffer and are appended at once, with exact results.
///
/// Full batches are appended on a second thread while the run goes on; each event is recorded at
/// the virtual time it was emitted (the log's clock, `stamp`, is set to it for appends that
/// cannot carry it). `flush` and every read wait
/// until everything queued is appended. The projections in `folds` are kept current here, on the
/// run's thread, as each event is emitted.
///
/// When resuming, the log already holds a prefix of the run: the sink re-derives those events,
/// checks each against the stored one (stream, type, payload) and appends only what follows.
final class LogSink: EventLogStore, @unchecked Sendable {
    /// A batch, the virtual time it was cut at, and the run's last event before it.
    private struct Batch {
        var events: EventBatch
        var recordedAt: Instant
        var after: Int64
    }

    /// What the writer thread does, in order.
    private enum Job: @unchecked Sendable {
        case append(Batch)
        case run(() throws -> Void)
    }

    /// Batches that may wait for the writer (~33 000 events). Its work comes in bursts (storing a
    /// big snapshot takes seconds at scale); a queue 4× deeper rode them out no faster and held
    /// ~16 MB more at 200 000 riders (the queued events are alive until appended).
    private static let queuedBatches = 8
    private let log: any EventLogStore
    /// The log, where it appends without reporting where each event landed.
    private let bulkLog: (any BulkEventLogWriter)?
    /// The run's virtual time.
    private let time: VirtualClock
    /// The clock the log reads: what it stamps as `recordedAt`.
    private let stamp: VirtualClock
    private let batchSize: Int
    /// Events emitted but not yet queued, flat (their typed values dropped once folded).
    private var buffer = EventBatch()
    /// Jobs for the writer once the buffered events are appended (see `afterBuffered`).
    private var afterBuffer: [() throws -> Void] = []
    private var writer: BackgroundWriter<Job>!
    /// Events of the run so far (stored or re-derived).
    private(set) var emitted: Int64 = 0
    /// The virtual time the last event emitted is recorded at (the run's start before the first):
    /// the log's time at ``lastAssignedSequence``, when a snapshot there is created.
    private(set) var lastEventTime: Instant
    /// Stored events still to be matched while resuming.
    private var storedPrefix: Int64
    /// Projections that fold every event as it is emitted, at the sequence it will be appended at
    /// (by its typed value, while it is in this thread's caches); snapshotted by the run.
    let folds: ProjectionGroup

    init(log: any EventLogStore, time: VirtualClock, stamp: VirtualClock, batchSize: Int, folding projections: [any Projection]) throws {
        self.log = log
        bulkLog = log as? any BulkEventLogWriter
        folds = ProjectionGroup(startingEmpty: projections)
        self.time = time
        self.stamp = stamp
        lastEventTime = time.now
        self.batchSize = batchSize
        storedPrefix = try log.lastSequence()
        writer = BackgroundWriter(depth: Self.queuedBatches) { [unowned self] job in
            switch job {
            case .append(let batch): try writeBuffered(batch)
            case .run(let body): try body()
            }
        }
    }

    deinit {
        writer.stop()
    }

    /// The sequence number of the last event emitted (buffered or not).
    var lastAssignedSequence: Int64 { emitted + Int64(buffer.count) }

    /// Whether the sink is still re-deriving a stored prefix.
    var isResuming: Bool { emitted < storedPrefix }

    /// Queues `event` on `stream`; appends a batch when it is full.
    func emit(_ event: some Event, stream: String) throws {
        try record(CollectionOfOne(TypedEvent(event, stream: stream)))
    }

    // MARK: - EventLogStore, for the modules

    /// Encodes `events` straight into the buffer, then folds them (by their typed values); appends
    /// a batch when it is full.
    func record(_ events: [TypedEvent]) throws {
        try record(events[...])
    }

    func append(_ events: [NewEvent]) throws -> [AppendedEvent] {
        if events.contains(where: { $0.expectedPosition != nil || $0.idempotencyKey != nil }) {
            try flush()
            let first = emitted + 1
            let appended = try commit(events) ?? log.events(EventQuery(from: first, limit: events.count)).map {
                AppendedEvent(sequence: $0.sequence, streamID: $0.streamID, position: $0.position, isDuplicate: false)
            }
            // Folded once appended, where they landed: a duplicate was not appended again.
            let now = time.now
            for (event, landed) in zip(events, appended) where !landed.isDuplicate {
                try folds.apply(event, at: landed.sequence, recordedAt: event.recordedAt ?? now)
                lastEventTime = event.recordedAt ?? now
            }
            return appended
        }
        try fold(events)
        let first = emitted + Int64(buffer.count) + 1
        let now = time.now
        for event in events { buffer.append(event, at: now) }
        if let last = events.last { lastEventTime = last.recordedAt ?? now }
        let appended = events.enumerated().map {
            AppendedEvent(sequence: first + Int64($0.offset), streamID: $0.element.streamID, position: 0, isDuplicate: false)
        }
        if buffer.count >= batchSize { try cutBatch() }
        return appended
    }

    func lastSequence() throws -> Int64 {
        try flush()
        return emitted
    }

    func streamVersion(of stream: String) throws -> Int64 {
        try flush()
        return try log.streamVersion(of: stream)
    }

    /// Reads what the run has written so far (while resuming, not the stored events past it).
    func forEach(_ query: EventQuery, _ body: (RecordedEvent) throws -> Void) throws {
        try flush()
        var clamped = query
        clamped.to = min(query.to ?? emitted, emitted)
        try log.forEach(clamped, body)
    }

    /// Appends (or, resuming, checks) everything queued, and waits until it is appended.
    func flush() throws {
        try cutBatch()
        try writer.drain()
    }

    /// Queues everything emitted so far as a batch (a kill ends one), without waiting for it.
    func endBatch() throws {
        try cutBatch()
    }

    /// Runs `body` on the writer's thread once everything emitted so far is appended, without
    /// cutting the batch early (so the log is the same with or without it); nothing while resuming.
    func afterBuffered(_ body: @escaping () throws -> Void) {
        if !isResuming { afterBuffer.append(body) }
    }

    /// Waits for the batch being written and drops the queued ones (after a failed run).
    func abandon() {
        writer.stop()
    }

    /// ``record(_:)`` for any collection of events.
    private func record(_ events: some Collection<TypedEvent>) throws {
        let first = buffer.count
        let now = time.now
        do {
            for event in events { try buffer.append(event.event, stream: event.stream, at: now) }
        } catch {
            buffer.removeLast(buffer.count - first)
            throw error
        }
        if !events.isEmpty { lastEventTime = now }
        try buffer.withPayloadBytes { payloads in
            for (offset, event) in events.enumerated() {
                let index = first + offset
                try folds.apply(
                    event.event, stream: event.stream, encodedAs: UnsafeRawBufferPointer(rebasing: payloads[buffer.payloadRange(of: index)]),
                    at: emitted + Int64(index) + 1, recordedAt: now
                )
            }
        }
        if buffer.count >= batchSize { try cutBatch() }
    }

    /// Folds `events`, the next ones after the last assigned sequence, into `folds`.
    private func fold(_ events: some Collection<NewEvent>) throws {
        var sequence = lastAssignedSequence
        let now = time.now
        for event in events {
            sequence += 1
            try folds.apply(event, at: sequence, recordedAt: event.recordedAt ?? now)
        }
    }

    /// Queues the buffer as one batch (checking it at once while resuming), then what was to run
    /// after it.
    private func cutBatch() throws {
        if !buffer.isEmpty {
            let (events, after) = (buffer, emitted)
            buffer.removeAll(keepingCapacity: true)
            if try countNext(events) { try writer.submit(.append(Batch(events: events, recordedAt: time.now, after: after))) }
        }
        for body in afterBuffer { try writer.submit(.run(body)) }
        afterBuffer.removeAll()
    }

    /// Appends `events` at once after everything queued: checked against the stored prefix while
    /// resuming (nil), else appended at the current virtual time (where they landed).
    private func commit(_ events: [NewEvent]) throws -> [AppendedEvent]? {
        guard try countNext(events) else { return nil }
        stamp.set(to: time.now)
        return try log.append(events)
    }

    /// Counts `events` as the run's next ones; while resuming, checks them against the stored
    /// prefix and returns false (nothing to append).
    private func countNext(_ events: some RandomAccessCollection<NewEvent>) throws -> Bool {
        let first = emitted + 1
        emitted += Int64(events.count)
        guard first > storedPrefix else {
            try check(events, from: first)
            return false
        }
        return true
    }

    /// Appends a batch of buffered events (none with an expected position or an idempotency
    /// key; each at the virtual time it was emitted), where the log can without building where each event landed
    /// (the sink knows), and only right after the run's events before it: another process
    /// appending to the same log stops the run instead of mixing two runs' events.
    private func writeBuffered(_ batch: Batch) throws {
        stamp.set(to: batch.recordedAt)
        guard let bulkLog else { return _ = try log.append(Array(batch.events)) }
        try bulkLog.appendWithoutLandings(batch.events, expectedLastSequence: batch.after)
    }

    /// Checks the stored events from `first` on against `batch`, the run's events there: the first
    /// that differs is named (another tool's event, or another build's), before a log that ends
    /// inside the batch is.
    private func check(_ batch: some RandomAccessCollection<NewEvent>, from first: Int64) throws {
        var expectedEvents = batch.makeIterator()
        try log.forEach(EventQuery(from: first, limit: batch.count)) { stored in
            guard let expected = expectedEvents.next(), stored.streamID == expected.streamID, stored.type == expected.type,
                stored.payload == expected.payload
            else {
                throw SimulationError(
                    "event \(stored.sequence) (\(stored.type)) is not the one this run writes there: another tool appended to the log, "
                        + "or another build of the simulation wrote it; only a log this build's run alone wrote can be resumed"
                )
            }
        }
        guard first + Int64(batch.count) - 1 <= storedPrefix else {
            throw SimulationError("the log ends inside a batch at sequence \(storedPrefix); it was not written by this simulation")
        }
    }
}
