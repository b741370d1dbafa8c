import Foundation
import PlatformKit
import Synchronization

/// Reads a long range of events on another thread, in chunks, while the caller folds them:
/// reading rows and decoding payloads then run on two cores at once.
///
/// Order is preserved and at most `depth` chunks are in flight, so memory stays bounded.
/// Folded chunks go back to the reading thread to be freed there: memory freed by the thread
/// that allocated it avoids contention on the allocator's per-thread arenas.
final class ReadAhead: @unchecked Sendable {
    private enum Item {
        case events([RecordedEvent])
        case failed(any Error)
        case end
    }

    private struct Cancelled: Error {}

    private let queue = Mutex<[Item]>([])
    /// Chunks the caller has folded, for the reading thread to free.
    private let folded = HandBack<[RecordedEvent]>()
    private let items = DispatchSemaphore(value: 0)
    private let slots: DispatchSemaphore
    private let finished = DispatchSemaphore(value: 0)
    private let cancelled = Atomic<Bool>(false)
    private let depth: Int

    /// Starts reading `query` from `log` on a new thread.
    init(_ log: some EventLogReader, _ query: EventQuery, chunkSize: Int = 2_048, depth: Int = 4) {
        self.depth = depth
        self.slots = DispatchSemaphore(value: depth)
        let thread = Thread { [self] in
            var chunk: [RecordedEvent] = []
            chunk.reserveCapacity(chunkSize)
            do {
                try log.forEach(query) { event in
                    chunk.append(event)
                    if chunk.count == chunkSize {
                        try push(.events(chunk))
                        chunk.removeAll(keepingCapacity: true)
                    }
                }
                if !chunk.isEmpty { try push(.events(chunk)) }
                try push(.end)
            } catch is Cancelled {
            } catch {
                try? push(.failed(error))
            }
            finished.signal()
        }
        thread.start()
    }

    private func push(_ item: Item) throws {
        slots.wait()
        folded.freeReturned()
        if cancelled.load(ordering: .acquiring) { throw Cancelled() }
        queue.withLock { $0.append(item) }
        items.signal()
    }

    /// Calls `body` for every event in order; rethrows a read error or `body`'s error.
    func forEach(_ body: (RecordedEvent) throws -> Void) throws {
        defer { stop() }
        while true {
            items.wait()
            let item = queue.withLock { $0.removeFirst() }
            slots.signal()
            switch item {
            case .events(let events):
                for event in events { try body(event) }
                folded.giveBack(events)
            case .failed(let error): throw error
            case .end: return
            }
        }
    }

    /// Stops the reading thread and waits until it has finished.
    private func stop() {
        cancelled.store(true, ordering: .releasing)
        for _ in 0...depth { slots.signal() }
        finished.wait()
    }
}
