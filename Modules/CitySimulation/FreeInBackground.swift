import Dispatch
import Synchronization

/// Frees `value` on another thread: a large state (a replay's millions of values) takes a while
/// to free, which a caller done with it need not wait for. A process that exits first skips it.
func freeInBackground<Value: Sendable>(_ value: consuming Value) {
    let doomed = Doomed(value)
    DispatchQueue.global(qos: .utility).async { doomed.free() }
}

/// The only reference to a value to free, so that it is freed where `free` runs.
private final class Doomed<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>

    init(_ value: consuming Value) {
        self.value = Mutex(value)
    }

    func free() {
        value.withLock { $0 = nil }
    }
}
