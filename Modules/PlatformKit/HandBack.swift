import Synchronization

/// Values one thread is done with, handed back to be freed on the thread that allocated them.
///
/// Memory freed by another thread goes back to its allocator arena under that arena's lock, so
/// a producer thread and a consumer thread that frees what it consumed contend on every value.
/// The consumer calls `giveBack` instead; the producer calls `freeReturned` now and then.
public final class HandBack<Value: Sendable>: Sendable {
    private let returned = Mutex<[Value]>([])

    public init() {}

    /// Hands `value` back (the consumer, done with it).
    public func giveBack(_ value: Value) {
        returned.withLock { $0.append(value) }
    }

    /// Frees what was handed back (the producer), outside the lock.
    public func freeReturned() {
        _ = returned.withLock { values in
            defer { values = [] }
            return values
        }
    }
}
