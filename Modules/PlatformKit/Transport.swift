/// Why a message did not make a round trip.
public enum TransportError: Error, Sendable, Hashable {
    /// The link was down when the request was sent; the server never saw it.
    case unreachable
    /// The request was lost on the way; the server never saw it.
    case requestLost
    /// The server handled the request but its response was lost: retry with the same idempotency key.
    case responseLost
    /// The request or response could not be encoded or decoded: a contract mismatch.
    case contract(String)
}

/// A response that made it back, with when it was sent and received in virtual time.
public struct Delivery<Response> {
    public var response: Response
    public var sentAt: Instant
    public var handledAt: Instant
    public var receivedAt: Instant

    public init(response: Response, sentAt: Instant, handledAt: Instant, receivedAt: Instant) {
        self.response = response
        self.sentAt = sentAt
        self.handledAt = handledAt
        self.receivedAt = receivedAt
    }

    /// Time from sending the request to receiving the response.
    public var roundTrip: Duration { sentAt.duration(to: receivedAt) }
}

/// How a client half reaches its server half: one request out, one response back.
///
/// Synchronous and clock-free: the caller passes the send time and schedules the reply at
/// `receivedAt` itself, so simulations run in virtual time and tests never wait.
public protocol Transport<Request, Response> {
    associatedtype Request
    associatedtype Response

    /// Sends `request` at `instant` and returns the response or why none came back.
    mutating func send(_ request: Request, at instant: Instant) -> Result<Delivery<Response>, TransportError>
}
