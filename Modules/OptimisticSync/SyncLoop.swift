import PlatformKit

/// Drives one client's delivery over a `Transport` in virtual time: sends what is due, and hands
/// each response (or failure) back to the client at the instant it arrives.
public struct SyncLoop<Domain: OptimisticDomain, Link: Transport>
where Link.Request == SyncRequest, Link.Response == SyncResponse<Domain.State> {
    public var client: OptimisticClient<Domain>
    public var link: Link
    /// Answers on their way back, in arrival order.
    private var arriving: [Arrival] = []

    public init(client: OptimisticClient<Domain>, link: Link) {
        self.client = client
        self.link = link
    }

    /// Delivers every answer due by `now` (in arrival order) and sends every request due at `now`,
    /// until nothing more happens at `now` (an instant answer can release a dependent request).
    /// Returns ``nextWakeUp``.
    @discardableResult
    public mutating func advance(to now: Instant) -> Instant? {
        repeat {
            deliverArrivals(upTo: now)
        } while send(at: now) > 0 && arriving.first.map({ $0.at <= now }) == true
        return nextWakeUp
    }

    /// The next instant something happens: an answer arrives, a retry or a dependency deadline.
    public var nextWakeUp: Instant? {
        switch (arriving.first?.at, client.nextWakeUp) {
        case let (arrival?, client?): min(arrival, client)
        case let (arrival, client): arrival ?? client
        }
    }

    /// The app died: answers on their way are lost with it.
    public mutating func dropAnswersInFlight() {
        arriving.removeAll()
    }

    private mutating func deliverArrivals(upTo now: Instant) {
        // Taken off the queue before it is read: `arriving.first` would copy the answer (its
        // snapshot's strings and arrays) only to drop the original.
        while !arriving.isEmpty, arriving[0].at <= now {
            let next = arriving.removeFirst()
            // An emptied queue lets its buffer go: `isEmpty` then reads the shared empty array,
            // not a buffer that is cold in memory by the app's next step (at scale, most are).
            if arriving.isEmpty { arriving = [] }
            switch next.outcome {
            case .success(let response): client.receive(response, for: next.requestID, at: next.at)
            case .failure(let error): client.deliveryFailed(next.requestID, reason: Self.describe(error), at: next.at)
            }
        }
    }

    /// Sends the requests due at `now`; a failure is noticed at once (unreachable) or after the response timeout (lost).
    private mutating func send(at now: Instant) -> Int {
        let due = client.due(at: now)
        for request in due {
            let outcome = link.send(SyncRequest(clientID: client.clientID, request: request), at: now)
            switch outcome {
            case .success(let delivery):
                schedule(Arrival(at: delivery.receivedAt, requestID: request.id, outcome: .success(delivery.response)))
            case .failure(.unreachable), .failure(.contract):
                schedule(Arrival(at: now, requestID: request.id, outcome: outcome.map { $0.response }))
            case .failure:
                let noticed = now.advanced(by: client.configuration.responseTimeout)
                schedule(Arrival(at: noticed, requestID: request.id, outcome: outcome.map { $0.response }))
            }
        }
        return due.count
    }

    private mutating func schedule(_ arrival: Arrival) {
        let index = arriving.firstIndex { $0.at > arrival.at } ?? arriving.endIndex
        arriving.insert(arrival, at: index)
    }

    private static func describe(_ error: TransportError) -> String {
        switch error {
        case .unreachable: "network unreachable"
        case .requestLost: "request lost"
        case .responseLost: "response lost"
        case .contract(let detail): "contract mismatch: \(detail)"
        }
    }

    private struct Arrival: Sendable {
        var at: Instant
        var requestID: String
        var outcome: Result<SyncResponse<Domain.State>, TransportError>
    }
}
