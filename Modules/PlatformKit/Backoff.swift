import Foundation

/// Exponential backoff with jitter, for retries and rate-limited pulls.
///
/// Pure: the delay for attempt `n` comes from the policy and the injected `RandomSource`.
public struct Backoff: Sendable, Hashable, Codable {
    /// The delay before the first retry.
    public var initial: Duration
    /// The largest delay ever returned.
    public var maximum: Duration
    /// Growth factor between consecutive attempts.
    public var multiplier: Double
    /// Fraction of the delay that is randomised, `0...1` ("equal jitter" at 0.5).
    public var jitter: Double

    public init(initial: Duration = .seconds(1), maximum: Duration = .seconds(60), multiplier: Double = 2, jitter: Double = 0.5) {
        precondition(initial >= .zero && maximum >= initial && multiplier >= 1 && (0...1).contains(jitter), "invalid Backoff")
        self.initial = initial
        self.maximum = maximum
        self.multiplier = multiplier
        self.jitter = jitter
    }

    /// The delay before retry number `attempt` (1 for the first retry).
    public func delay(attempt: Int, random: RandomSource) -> Duration {
        let exponent = Double(max(0, attempt - 1))
        let base = min(Double(maximum.wholeMilliseconds), Double(initial.wholeMilliseconds) * pow(multiplier, exponent))
        let randomPart = base * jitter * random.double()
        return .milliseconds(Int64(base * (1 - jitter) + randomPart))
    }
}
