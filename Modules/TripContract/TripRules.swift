import PlatformKit

/// The rules both halves apply: the client to move optimistically, the server to confirm.
public struct TripRules: Sendable, Hashable, Codable {
    /// Trips shorter than this are refused (checked on the client before the request is made).
    public var minimumTripDuration: Duration

    public init(minimumTripDuration: Duration = .seconds(60)) {
        self.minimumTripDuration = minimumTripDuration
    }

    /// Whether a trip begun at `start` may end at `end`.
    public func isTooShort(startedAt start: Instant, endedAt end: Instant) -> Bool {
        start.duration(to: end) < minimumTripDuration
    }
}
