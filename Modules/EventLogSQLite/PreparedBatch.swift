import EventLog
import Foundation
import PlatformKit
import Synchronization

/// One batch planned for writing: sequence numbers, positions, conflicts, stream and type ids
/// and chain hashes — everything but the SQLite calls.
///
/// Large batches are prepared on the writer's second thread (``Preparer``), which runs ahead
/// of the writer; the writer takes each row as soon as it is ready, so planning and hashing
/// overlap with SQLite's work.
/// Small batches, and batches with idempotency keys (which need the database to look keys
/// up), are prepared on the calling thread first.
final class PreparedBatch: @unchecked Sendable {
    /// One event to insert, with its ids.
    struct Row {
        var event: RecordedEvent
        var streamID: Int64
        var typeID: Int64
        var isNewStream: Bool
        var isNewType: Bool
        /// The payload compressed against dictionary `dictionaryID`; nil to store it as it is
        /// (or in a block).
        var compressedPayload: UnsafeRawBufferPointer? = nil
        var dictionaryID: Int64 = 0
        /// The first sequence of the ``PayloadBlock`` holding the payload; 0 when it is in the row.
        var payloadBlock: Int64 = 0
        /// On a block's first row: the block, compressed against dictionary `dictionaryID`.
        var block: UnsafeRawBufferPointer? = nil
    }

    /// Batches at least this large, without idempotency keys, are prepared on another thread.
    static let threadedThreshold = 64

    private let rows: UnsafeMutablePointer<Row>
    private let hashes: UnsafeMutableRawPointer
    /// Room for the compressed payloads, when the cache has a payload dictionary.
    private let compressed: UnsafeMutableRawBufferPointer
    // The preparing code's: the end of what `compressed` holds, and a payload block's bytes.
    private var compressedEnd = 0
    private var blockBytes: [UInt8] = []
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

    /// Starts preparing `events` on top of `cache`.
    ///
    /// `storedEvent` looks idempotency keys up; it is only called on this thread.
    /// `cache` is consumed: a copy still alive when the preparer first moves a stream head would
    /// make it copy every head (the preparer may start before this initializer returns).
    /// Without `keepingLandings`, `finish()` returns no results (the caller knows them).
    init(
        _ events: [NewEvent], cache: consuming WriterCache, at now: Instant, on preparer: Preparer, keepingLandings: Bool = true,
        storedEvent: (String) throws -> AppendedEvent?
    ) {
        keepsLandings = keepingLandings
        let room = cache.payloadCompressor == nil ? 0 : events.reduce(0) { $0 + PayloadCompressor.bound($1.payload.count) }
        self.cache = consume cache
        rows = .allocate(capacity: max(1, events.count))
        hashes = .allocate(byteCount: max(1, events.count) * 32, alignment: 8)
        compressed = .allocate(byteCount: room, alignment: 1)
        threaded = events.count >= Self.threadedThreshold && !events.contains { $0.idempotencyKey != nil }
        if threaded {
            preparer.run { [self] in prepare(events, at: now, storedEvent: { _ in nil }) }
        } else {
            prepare(events, at: now, storedEvent: storedEvent)
        }
    }

    deinit {
        cancelled.store(true, ordering: .relaxed)
        if threaded { finished.wait() }
        rows.deinitialize(count: produced.load(ordering: .acquiring))
        rows.deallocate()
        hashes.deallocate()
        compressed.deallocate()
    }

    private func prepare(_ events: [NewEvent], at now: Instant, storedEvent: (String) throws -> AppendedEvent?) {
        // Moved into locals for the loop: no exclusivity check per access, and no copy on write.
        var cache = WriterCache()
        swap(&cache, &self.cache)
        var results: [AppendedEvent] = []
        // The cache's heads move with every planned event (`advance` below).
        var planner = AppendPlanner(after: cache.lastSequence, at: now, callerMovesHeads: true)
        var chain = HashChain()
        var count = 0
        var payloads = PayloadGrouper(compressor: cache.payloadCompressor)
        if keepsLandings { results.reserveCapacity(events.count) }
        do {
            for event in events {
                if cancelled.load(ordering: .relaxed) { break }
                // The planned event is moved, not copied, into its row: each copy would count a
                // reference to each of its strings and its payload.
                // One look-up of the stream's head serves the planner and the move below.
                let head = cache.streams.index(forKey: event.streamID)
                let step = try planner.plan(event, storedEvent: storedEvent, streamVersion: { name in
                    name == event.streamID ? head.map { cache.streams.values[$0].version } ?? 0 : cache.streams[name]?.version ?? 0
                })
                let recorded: RecordedEvent
                switch consume step {
                case .write(let planned):
                    recorded = planned
                case .duplicate(let stored):
                    results.append(stored)
                    continue
                }
                let stream = cache.advance(recorded.streamID, to: recorded.position, head: head)
                let type = cache.typeID(recorded.type)
                cache.unindexed.append((stream.id, recorded.sequence, recorded.position))
                if count == 0 {
                    cache.lastHash.withUnsafeBytes { chain.hash(recorded, previous: $0, into: hashes) }
                } else {
                    chain.hash(recorded, previous: UnsafeRawBufferPointer(start: hashes + (count - 1) * 32, count: 32), into: hashes + count * 32)
                }
                cache.lastSequence = recorded.sequence
                if keepsLandings { results.append(AppendedEvent(recorded)) }
                let size = recorded.payload.count
                // Rows are handed to the writer once their payloads are compressed.
                if let ready = payloads.closesGroup(before: size, at: count) { handOver(ready) }
                (rows + count).initialize(to: Row(event: consume recorded, streamID: stream.id, typeID: type.id, isNewStream: stream.isNew, isNewType: type.isNew))
                count += 1
                if let ready = payloads.add(size, endingAt: count) { handOver(ready) }
            }
        } catch {
            failure = error
        }
        if let ready = payloads.close(at: count) { handOver(ready) }
        if count > 0 { cache.lastHash = Array(UnsafeRawBufferPointer(start: hashes + (count - 1) * 32, count: 32)) }
        self.cache = cache
        self.results = results
        done.store(true, ordering: .sequentiallyConsistent)
        wakeWriter()
        finished.signal()
    }

    /// Compresses the group's payloads (one alone, several as a block) into `compressed` after
    /// what it holds, then hands the rows through the group's last to the writer.
    private func handOver(_ group: PayloadGrouper.Group) {
        if let compressor = group.compressor {
            let room = UnsafeMutableRawBufferPointer(rebasing: compressed[compressedEnd...])
            if group.rows.count == 1 {
                let row = rows + group.rows.lowerBound
                if let size = row.pointee.event.payload.withUnsafeBytes({ compressor.compress($0, into: room) }) {
                    row.pointee.compressedPayload = UnsafeRawBufferPointer(rebasing: room[..<size])
                    row.pointee.dictionaryID = compressor.dictionaryID
                    compressedEnd += size
                }
            } else if let size = compressBlock(group.rows, with: compressor, into: room) {
                let first = rows + group.rows.lowerBound
                first.pointee.block = UnsafeRawBufferPointer(rebasing: room[..<size])
                first.pointee.dictionaryID = compressor.dictionaryID
                for index in group.rows { rows[index].payloadBlock = first.pointee.event.sequence }
                compressedEnd += size
            }
        }
        produced.store(group.rows.upperBound, ordering: .releasing)
        // A sleeping writer is woken within 8 rows, or a block: no fence on every row.
        if group.rows.count > 1 || group.rows.upperBound & 7 == 0 { wakeWriter() }
    }

    /// Compresses the payloads of `indices` as one ``PayloadBlock`` into `room`; returns its size,
    /// or nil when it would not shrink (the payloads stay in their rows).
    private func compressBlock(_ indices: Range<Int>, with compressor: PayloadCompressor, into room: UnsafeMutableRawBufferPointer) -> Int? {
        blockBytes.removeAll(keepingCapacity: true)
        PayloadBlock.encode(indices.lazy.map { self.rows[$0].event.payload }, into: &blockBytes)
        return blockBytes.withUnsafeBytes { compressor.compress(block: $0, into: room) }
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
    /// `body` with them and their hashes (32 bytes each, in order); returns how many rows it
    /// passed, 0 after the last row. Throws the planning error (e.g. a conflict) once the rows
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
