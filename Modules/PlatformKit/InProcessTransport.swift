import Foundation

/// A transport to a server half living in the same process, through simulated `NetworkConditions`.
///
/// Messages are Codable contracts: by default each request and response is JSON-encoded and
/// decoded on the way, so a type that would not survive the wire fails here too. Latency and
/// loss are drawn from the injected `RandomSource`, so the same seed gives the same network.
public struct InProcessTransport<Request: Codable, Response: Codable>: Transport {
    /// The server half: handles a request at the instant it arrives.
    public var handler: (Request, Instant) -> Response
    public var conditions: NetworkConditions
    public var random: RandomSource
    /// Whether messages are round-tripped through JSON (the wire contract) on the way.
    public var encodesMessages: Bool

    public init(
        conditions: NetworkConditions = .perfect,
        random: RandomSource,
        encodesMessages: Bool = true,
        handler: @escaping (Request, Instant) -> Response
    ) {
        self.handler = handler
        self.conditions = conditions
        self.random = random
        self.encodesMessages = encodesMessages
    }

    public mutating func send(_ request: Request, at instant: Instant) -> Result<Delivery<Response>, TransportError> {
        guard conditions.isReachable(at: instant) else { return .failure(.unreachable) }
        if isLost() { return .failure(.requestLost) }
        let handledAt = instant.advanced(by: .milliseconds(latency()))
        do {
            let arrived = try wire(request)
            let response = try wire(handler(arrived, handledAt))
            if isLost() || !conditions.isReachable(at: handledAt) { return .failure(.responseLost) }
            let receivedAt = handledAt.advanced(by: .milliseconds(latency()))
            return .success(Delivery(response: response, sentAt: instant, handledAt: handledAt, receivedAt: receivedAt))
        } catch {
            return .failure(.contract(String(describing: error)))
        }
    }

    private func latency() -> Int64 {
        let range = conditions.latencyMilliseconds
        guard range.lowerBound < range.upperBound else { return range.lowerBound }
        return range.lowerBound + Int64(random.nextUInt64() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    private func isLost() -> Bool {
        conditions.lossProbability > 0 && random.bool(probability: conditions.lossProbability)
    }

    private func wire<Message: Codable>(_ message: Message) throws -> Message {
        guard encodesMessages else { return message }
        return try JSONDecoder().decode(Message.self, from: JSONEncoder().encode(message))
    }
}
