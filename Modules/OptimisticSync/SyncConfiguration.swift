import PlatformKit

/// How the sync engine delivers: retry backoff, how long dependents wait, and the poison rule.
public struct SyncConfiguration: Sendable, Hashable, Codable {
    /// Delay before each retry while the network is down (with jitter).
    public var backoff: Backoff
    /// How long a request waits for the requests it depends on before it fails with a network error.
    public var dependencyTimeout: Duration
    /// Poison rule: after this many failed deliveries a request is discarded, not retried forever.
    public var maximumAttempts: Int
    /// How long the client waits for an answer before taking the request as lost.
    public var responseTimeout: Duration

    public init(
        backoff: Backoff = Backoff(initial: .seconds(1), maximum: .seconds(30)), dependencyTimeout: Duration = .seconds(300),
        maximumAttempts: Int = 50, responseTimeout: Duration = .seconds(10)
    ) {
        self.backoff = backoff
        self.dependencyTimeout = dependencyTimeout
        self.maximumAttempts = maximumAttempts
        self.responseTimeout = responseTimeout
    }
}
