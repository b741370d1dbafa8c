import Foundation

/// The current time, injected. `Clock.live` is the only place allowed to read the wall clock.
public struct Clock: Sendable {
    /// Returns the current instant.
    public var now: @Sendable () -> Instant

    /// Creates a clock from a closure returning the current instant.
    public init(now: @escaping @Sendable () -> Instant) {
        self.now = now
    }

    /// The system wall clock, truncated to milliseconds.
    public static var live: Clock {
        Clock {
            let milliseconds = (Date().timeIntervalSince1970 * 1_000).rounded(.down)
            return Instant(millisecondsSinceEpoch: Int64(milliseconds))
        }
    }

    /// A clock frozen at `instant`.
    public static func constant(_ instant: Instant) -> Clock {
        Clock { instant }
    }

    /// A clock reading `clock`, which tests advance by hand.
    public static func virtual(_ clock: VirtualClock) -> Clock {
        Clock { clock.now }
    }
}
