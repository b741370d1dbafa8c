import Synchronization

/// A thread-safe, manually driven time source for tests and simulations. It never moves backwards.
public final class VirtualClock: Sendable {
    private let current: Mutex<Instant>

    /// Creates a clock reading `start`.
    public init(start: Instant = .epoch) {
        current = Mutex(start)
    }

    /// The instant the clock currently reads.
    public var now: Instant {
        current.withLock { $0 }
    }

    /// Moves the clock forward by `duration`; a negative duration is ignored.
    public func advance(by duration: Duration) {
        current.withLock { now in
            now = max(now, now.advanced(by: duration))
        }
    }

    /// Moves the clock to `instant`; an instant earlier than `now` is ignored.
    public func set(to instant: Instant) {
        current.withLock { now in
            now = max(now, instant)
        }
    }
}
