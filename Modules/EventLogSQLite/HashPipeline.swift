import EventLog
import Foundation
import Synchronization

/// Computes a batch's chain hashes on another core while the writer inserts the rows.
///
/// The chain is sequential, but hashing event `n` does not depend on inserting `n - 1`: a second
/// thread runs ahead and the inserting thread takes each hash as soon as it is ready. Small
/// batches hash inline (a thread costs more than it saves).
final class HashPipeline: @unchecked Sendable {
    /// Batches below this size hash on the calling thread.
    static let threshold = 1_024

    private let events: [RecordedEvent]
    private let hashes: UnsafeMutableRawPointer
    private let ready = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let threaded: Bool

    init(_ events: [RecordedEvent], previous: [UInt8]) {
        self.events = events
        self.hashes = .allocate(byteCount: max(1, events.count) * 32, alignment: 8)
        self.threaded = events.count >= Self.threshold
        if threaded {
            let thread = Thread { [self] in compute(previous: previous) }
            thread.start()
        } else {
            compute(previous: previous)
        }
    }

    deinit {
        cancelled.store(true, ordering: .relaxed)
        if threaded { finished.wait() }
        hashes.deallocate()
    }

    /// Calls `body` with the hash of event `index`, waiting for the hashing thread if it is behind.
    func withHash<T>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        while ready.load(ordering: .acquiring) <= index { sched_yield() }
        return try body(UnsafeRawBufferPointer(start: hashes + index * 32, count: 32))
    }

    private func compute(previous: [UInt8]) {
        var chain = HashChain()
        var previous = previous
        for (index, event) in events.enumerated() {
            if cancelled.load(ordering: .relaxed) { break }
            previous = chain.hash(event, previous: previous)
            previous.withUnsafeBytes { (hashes + index * 32).copyMemory(from: $0.baseAddress!, byteCount: 32) }
            ready.store(index + 1, ordering: .releasing)
        }
        finished.signal()
    }
}
