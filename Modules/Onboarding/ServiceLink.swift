import OnboardingContract
import PlatformKit

/// The client's line to the back end: a transport, virtual time, retries with backoff, and a count of round trips.
public struct ServiceLink {
    public var transport: any Transport<OnboardingRequest, OnboardingResponse>
    /// The client's current instant; each delivery moves it to the reply's arrival.
    public var now: Instant
    public var backoff: Backoff
    public var random: RandomSource
    /// Sends per request before giving up.
    public var maxTries: Int
    /// How long the client waits for a reply that never comes.
    public var timeout: Duration
    /// Requests sent (retries included): the round trips an onboarding cost.
    public private(set) var roundTrips = 0

    public init(
        transport: any Transport<OnboardingRequest, OnboardingResponse>, now: Instant, random: RandomSource,
        backoff: Backoff = Backoff(initial: .seconds(1), maximum: .seconds(16)), maxTries: Int = 5, timeout: Duration = .seconds(10)
    ) {
        self.transport = transport
        self.now = now
        self.backoff = backoff
        self.random = random
        self.maxTries = maxTries
        self.timeout = timeout
    }

    /// Sends `request`, retrying lost messages with the same request id (the back end replies to a retry
    /// of a handled request with its earlier reply); the last error after `maxTries` sends.
    public mutating func send(_ request: OnboardingRequest) -> Result<OnboardingResponse, TransportError> {
        var lastError = TransportError.unreachable
        for attempt in 1...max(1, maxTries) {
            roundTrips += 1
            switch transport.send(request, at: now) {
            case .success(let delivery):
                now = delivery.receivedAt
                return .success(delivery.response)
            case .failure(.contract(let message)):
                return .failure(.contract(message))
            case .failure(let error):
                lastError = error
                now = now.advanced(by: timeout).advanced(by: backoff.delay(attempt: attempt, random: random))
            }
        }
        return .failure(lastError)
    }

    /// Moves the client's time forward (the user thinking or typing).
    public mutating func wait(_ duration: Duration) { now = now.advanced(by: duration) }
}
