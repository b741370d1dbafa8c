import Synchronization

/// A value computed once per type and remembered, safe from any thread. The codecs remember which
/// types conform to ``BinaryEncodable`` and ``BinaryDecodable``: a dynamic cast to a protocol
/// costs a conformance look-up (about a microsecond) on every value, this a dictionary look-up.
final class _TypeMemo<Value>: Sendable {
    private let known = Mutex<[ObjectIdentifier: Value]>([:])

    /// The value for `type`, computed by `compute` the first time.
    func value(for type: Any.Type, _ compute: () -> Value) -> Value {
        known.withLock { known in
            let id = ObjectIdentifier(type)
            if let value = known[id] { return value }
            let value = compute()
            known[id] = value
            return value
        }
    }
}
