import EventLog
import Foundation
import PlatformKit
import Synchronization

/// One batch planned for writing: sequence numbers, positions, conflicts, stream and type ids,
/// chain hashes and the stored bytes of its ``EventBlock``s — everything but the SQLite calls.
///
/// Large batches are prepared on the writer's second thread (``Preparer``), which runs ahead
/// of the writer; the writer takes each row as soon as it is ready, so planning and hashing
/// overlap with SQLite's work.
/// Small batches, and batches with idempotency keys (which need the database to look keys
/// up), are prepared on the calling thread first.
final class PreparedBatch: @unchecked Sendable {
    /// One event to insert, with its ids: event `entry` of the batch's events, written as
    /// `sequence` at `position` and `recordedAt` (milliseconds since the epoch).
    struct Row {
        var entry: Int
        var sequence: Int64
        var position: Int64
        var recordedAt: Int64
        var streamID: Int64
        var typeID: Int64
        var isNewStream: Bool
        var isNewType: Bool
        /// On a block's first row: the block's stored bytes, compressed against dictionary
        /// `dictionaryID` (0: stored as they are), holding `blockEvents` events from this one on.
        var block: UnsafeRawBufferPointer? = nil
        var dictionaryID: Int64 = 0
        var blockEvents = 0
    }

    /// Batches at least this large, without idempotency keys, are prepared on another thread.
    static let threadedThreshold = 64

    /// The events, whose envelopes and payloads the rows are read from.
    let events: EventBatch
    /// The events' envelopes and payload bytes, in place: `events` is never mutated while this
    /// object holds it.
    private let entries: UnsafeBufferPointer<EventBatch.Entry>
    private let payloadBytes: UnsafeRawBufferPointer
    private let rows: UnsafeMutablePointer<Row>
    private let hashes: UnsafeMutableRawPointer
    /// The blocks' stored bytes (made by the preparing code).
    private let sealer: BlockSealer
    private let eventsPerBlock: Int
    private let produced = Atomic<Int>(0)
    private let done = Atomic<Bool>(false)
    private let cancelled = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    /// Set by the writer before it sleeps on `progress`; the preparer clears it and wakes it.
    private let writerWaiting = Atomic<Bool>(false)
    private let progress = DispatchSemaphore(value: 0)
    private let threaded: Bool
    // Owned by the preparing code until `done`; read by the writer only after it.
    private var cache: WriterCache
    private var results: [AppendedEvent] = []
    private var failure: (any Error)?
    /// Whether `finish()` returns where each event landed.
    private let keepsLandings: Bool

    /// Starts preparing `events` on top of `cache`, as recorded at `now` (an event with its own
    /// time keeps it); `heads` holds the
    /// number of each event's stream head in the cache's `streams` (-1 for a stream that did not
    /// exist), as ``WriterCache/warm(streamsOf:_:)`` returned them; blocks hold up to
    /// `eventsPerBlock` events.
    ///
    /// `storedEvent` looks idempotency keys up; it is only called on this thread.
    /// `cache` is consumed: a copy still alive when the preparer first moves a stream head would
    /// make it copy every head (the preparer may start before this initializer returns).
    /// Without `keepingLandings`, `finish()` returns no results (the caller knows them).
    init(
        _ events: EventBatch, heads: [Int32], cache: consuming WriterCache, at now: Instant, on preparer: Preparer,
        eventsPerBlock: Int, keepingLandings: Bool = true, storedEvent: (String) throws -> AppendedEvent?
    ) {
        precondition(heads.count == events.count, "a head number per event")
        keepsLandings = keepingLandings
        self.events = events
        entries = events.entries.withUnsafeBufferPointer { $0 }
        payloadBytes = events.withPayloadBytes { $0 }
        sealer = BlockSealer(compressor: cache.payloadCompressor)
        self.eventsPerBlock = eventsPerBlock
        self.cache = consume cache
        rows = .allocate(capacity: max(1, events.count))
        hashes = .allocate(byteCount: max(1, events.count) * 32, alignment: 8)
        threaded = events.count >= Self.threadedThreshold && !events.hasIdempotencyKeys
        if threaded {
            preparer.run { [self] in prepare(at: now, heads: heads, storedEvent: { _ in nil }) }
        } else {
            prepare(at: now, heads: heads, storedEvent: storedEvent)
        }
    }

    deinit {
        cancelled.store(true, ordering: .relaxed)
        if threaded { finished.wait() }
        rows.deinitialize(count: produced.load(ordering: .acquiring))
        rows.deallocate()
        hashes.deallocate()
    }

    private func prepare(at now: Instant, heads: [Int32], storedEvent: (String) throws -> AppendedEvent?) {
        // Moved into locals for the loop: no exclusivity check per access, and no copy on write.
        var cache = WriterCache()
        swap(&cache, &self.cache)
        var results: [AppendedEvent] = []
        // The cache's heads move with every planned event (`advance` below).
        var planner = AppendPlanner(after: cache.lastSequence, at: now, callerMovesHeads: true)
        let logTime = now.millisecondsSinceEpoch
        var chain = HashChain()
        var count = 0
        var blocks = BlockGrouper(eventsPerBlock: eventsPerBlock)
        if keepsLandings { results.reserveCapacity(events.count) }
        do {
            for index in entries.indices {
                if cancelled.load(ordering: .relaxed) { break }
                let entry = entries.baseAddress! + index
                // Each string read once: every read out of the batch retains it, and the batch's
                // strings were made on the simulation's thread (a retain here moves the object's
                // cache line to this core).
                let (streamID, type) = (entry.pointee.streamID, entry.pointee.type)
                // The stream's head by the number the writer found; a stream new before this batch
                // is looked up (an earlier event of the batch may have made it).
                let head = heads[index] >= 0 ? heads[index] : cache.streams.number(of: streamID)
                let placement = try planner.place(
                    streamID: streamID, type: type, schemaVersion: entry.pointee.schemaVersion,
                    idempotencyKey: entry.pointee.idempotencyKey, expectedPosition: entry.pointee.expectedPosition,
                    recordedAt: entry.pointee.recordedAt, storedEvent: storedEvent,
                    streamVersion: { name in
                        name == streamID ? head.map { cache.streams.head(at: $0).version } ?? 0 : cache.streams[name]?.version ?? 0
                    }
                )
                guard case .write(let sequence, let position) = placement else {
                    if case .duplicate(let stored) = placement { results.append(stored) }
                    continue
                }
                let stream = cache.advance(streamID, to: position, head: head)
                let typeID = try cache.typeID(type)
                try cache.addUnindexed(stream: stream.id, sequence: sequence, position: position)
                let payload = entry.payload(in: payloadBytes)
                let previous = count == 0
                    ? nil : UnsafeRawBufferPointer(start: hashes + (count - 1) * 32, count: 32)
                let recordedAt = entry.pointee.recordedAt ?? logTime
                if let previous {
                    chain.hash(
                        entry, streamID: streamID, type: type, sequence: sequence, position: position, recordedAt: recordedAt,
                        payload: payload, previous: previous, into: hashes + count * 32
                    )
                } else {
                    cache.lastHash.withUnsafeBytes {
                        chain.hash(
                            entry, streamID: streamID, type: type, sequence: sequence, position: position, recordedAt: recordedAt,
                            payload: payload, previous: $0, into: hashes
                        )
                    }
                }
                cache.lastSequence = sequence
                if keepsLandings {
                    results.append(AppendedEvent(sequence: sequence, streamID: streamID, position: position, isDuplicate: false))
                }
                // Rows are handed to the writer once their block is sealed.
                if let ready = blocks.closesBlock(before: payload.count, at: count) { handOver(ready) }
                (rows + count).initialize(to: Row(
                    entry: index, sequence: sequence, position: position, recordedAt: recordedAt,
                    streamID: stream.id, typeID: typeID.id, isNewStream: stream.isNew, isNewType: typeID.isNew
                ))
                count += 1
                if let ready = blocks.add(payload.count, endingAt: count) { handOver(ready) }
            }
        } catch {
            failure = error
        }
        if let ready = blocks.close(at: count) { handOver(ready) }
        if count > 0 { cache.lastHash = Array(UnsafeRawBufferPointer(start: hashes + (count - 1) * 32, count: 32)) }
        self.cache = cache
        self.results = results
        done.store(true, ordering: .sequentiallyConsistent)
        wakeWriter()
        finished.signal()
    }

    /// Seals the rows of `block` into their ``EventBlock``, then hands them to the writer.
    private func handOver(_ block: Range<Int>) {
        sealer.seal(UnsafeMutableBufferPointer(start: rows + block.lowerBound, count: block.count), entries: entries, payloads: payloadBytes)
        produced.store(block.upperBound, ordering: .releasing)
        wakeWriter()
    }

    private func wakeWriter() {
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        if writerWaiting.load(ordering: .sequentiallyConsistent), writerWaiting.exchange(false, ordering: .sequentiallyConsistent) {
            progress.signal()
        }
    }

    /// Waits until row `index` is ready or the batch is done: a few yields (the preparer is
    /// usually just ahead), then sleeps, so a waiting writer does not take the CPU it needs.
    private func waitForRow(_ index: Int) {
        var spins = 0
        while produced.load(ordering: .acquiring) <= index, !done.load(ordering: .acquiring) {
            spins += 1
            if spins < 64 {
                sched_yield()
                continue
            }
            writerWaiting.store(true, ordering: .sequentiallyConsistent)
            if produced.load(ordering: .sequentiallyConsistent) <= index, !done.load(ordering: .sequentiallyConsistent) {
                progress.wait()
            } else if !writerWaiting.exchange(false, ordering: .sequentiallyConsistent) {
                progress.wait()  // The preparer took the flag: consume its signal.
            }
        }
    }

    /// Waits for up to `count` rows from `index` (fewer when the batch ends first) and calls
    /// `body` with them and their hashes (32 bytes each, in order, and on to the end of the last
    /// one's block); returns how many rows it passed, 0 after the last row. Throws the planning error (e.g. a conflict) once the rows
    /// before it are written.
    ///
    /// The rows and hashes stay in place, unchanged, until the batch is released, so pointers
    /// into them (payload bytes bound to a statement) remain valid until then.
    func withRows(from index: Int, upTo count: Int, _ body: (UnsafeBufferPointer<Row>, UnsafeRawPointer) throws -> Void) throws -> Int {
        waitForRow(index + count - 1)
        let available = min(produced.load(ordering: .acquiring), index + count) - index
        guard available > 0 else {
            if let failure { throw failure }
            return 0
        }
        try body(UnsafeBufferPointer(start: rows + index, count: available), UnsafeRawPointer(hashes + index * 32))
        return available
    }

    /// The writer's cache after the batch, and where every event landed. Call once: the cache is
    /// moved out, so that the batch, however long the preparer's thread keeps it alive, shares
    /// none of its storage (the next batch would copy every stream head on its first write).
    func finish() throws -> (cache: WriterCache, results: [AppendedEvent]) {
        if threaded { finished.wait(); finished.signal() }
        if let failure { throw failure }
        var cache = WriterCache()
        swap(&cache, &self.cache)
        return (cache, results)
    }
}
