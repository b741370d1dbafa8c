import PlatformKit

/// What the user needs to understand a failed optimistic operation, even when its screen is gone.
public struct OptimisticAlert<State: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var message: String
    /// The operation that failed.
    public var request: OptimisticRequest
    /// Other operations rolled back with it (its dependents).
    public var alsoRolledBack: [String]
    public var cause: RollbackCause
    /// What the user saw before the operation.
    public var stateBefore: State
    public var at: Instant
}

/// The one global alert stream: every client publishes here, the app's alert presenter listens.
public final class AlertStream<State: Codable & Sendable & Equatable> {
    private var listeners: [(OptimisticAlert<State>) -> Void] = []

    public init() {}

    /// Calls `listener` with every alert published from now on.
    public func subscribe(_ listener: @escaping (OptimisticAlert<State>) -> Void) {
        listeners.append(listener)
    }

    /// Delivers `alert` to every listener.
    public func publish(_ alert: OptimisticAlert<State>) {
        for listener in listeners { listener(alert) }
    }
}
