import Synchronization

/// A thread-safe, manually driven time source for tests and simulations. It never moves backwards.
///
/// Lock-free: reading it is one atomic load (a simulation reads it several times a step), and
/// moving it a compare-and-exchange that keeps the later of the two instants.
public final class VirtualClock: Sendable {
    /// Milliseconds since the epoch.
    private let current: Atomic<Int64>

    /// Creates a clock reading `start`.
    public init(start: Instant = .epoch) {
        current = Atomic(start.millisecondsSinceEpoch)
    }

    /// The instant the clock currently reads.
    public var now: Instant {
        Instant(millisecondsSinceEpoch: current.load(ordering: .acquiring))
    }

    /// Moves the clock forward by `duration`; a negative duration is ignored.
    public func advance(by duration: Duration) {
        var now = current.load(ordering: .relaxed)
        while true {
            let later = max(now, Instant(millisecondsSinceEpoch: now).advanced(by: duration).millisecondsSinceEpoch)
            let (exchanged, found) = current.compareExchange(expected: now, desired: later, ordering: .acquiringAndReleasing)
            if exchanged { return }
            now = found
        }
    }

    /// Moves the clock to `instant`; an instant earlier than `now` is ignored.
    public func set(to instant: Instant) {
        _ = current.max(instant.millisecondsSinceEpoch, ordering: .acquiringAndReleasing)
    }
}
