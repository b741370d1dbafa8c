import EventLog
import PlatformKit

// Every change to a client's sync state is one of these events, in the stream `<namespace>/<client>`.
// The client's state is their fold (`OptimisticClientState.apply`), so restarting is replaying.

/// The user made a request; its transform now shows in the optimistic state.
public struct RequestSubmitted<Domain: OptimisticDomain>: Event {
    public static var eventType: String { DomainEventTypes.name(".request.submitted", in: Domain.self) }
    public var request: OptimisticRequest
}

/// The request went out (attempt 1, 2, …); it is in flight until a response or failure.
public struct RequestSent<Domain: OptimisticDomain>: Event {
    public static var eventType: String { DomainEventTypes.name(".request.sent", in: Domain.self) }
    public var id: String
    public var attempt: Int
    public var at: Instant
}

/// No answer (network down, server unavailable): the request is retried at `retryAt`.
public struct DeliveryFailed<Domain: OptimisticDomain>: Event {
    public static var eventType: String { DomainEventTypes.name(".delivery.failed", in: Domain.self) }
    public var id: String
    public var reason: String
    public var retryAt: Instant
}

/// The server accepted the request; its snapshot becomes the confirmed base if newer.
public struct RequestConfirmed<Domain: OptimisticDomain>: Event {
    public static var eventType: String { DomainEventTypes.name(".request.confirmed", in: Domain.self) }
    public var id: String
    public var at: Instant
    public var snapshot: ServerSnapshot<Domain.State>
    public var assignedIDs: [IDAssignment]
}

/// Server state arrived outside a response (a push, or with a rejection): the pending transforms are rebased on it.
public struct StatePushed<Domain: OptimisticDomain>: Event {
    public static var eventType: String { DomainEventTypes.name(".state.pushed", in: Domain.self) }
    public var at: Instant
    public var snapshot: ServerSnapshot<Domain.State>
}

/// Requests taken off the queue without being applied, with the reason.
public struct RequestsRolledBack<Domain: OptimisticDomain>: Event {
    public static var eventType: String { DomainEventTypes.name(".requests.rolledBack", in: Domain.self) }
    /// The request that failed or was cancelled.
    public var id: String
    /// It and every request depending on it, in queue order.
    public var rolledBack: [String]
    public var cause: RollbackCause
    public var at: Instant
}

/// An alert for the global alert stream.
public struct AlertRaised<Domain: OptimisticDomain>: Event {
    public static var eventType: String { DomainEventTypes.name(".alert.raised", in: Domain.self) }
    public var alert: OptimisticAlert<Domain.State>
}

/// The app started again from the log: requests that were in flight are sent again.
public struct ClientRestarted<Domain: OptimisticDomain>: Event {
    public static var eventType: String { DomainEventTypes.name(".client.restarted", in: Domain.self) }
    public var at: Instant
}

/// Why requests were rolled back.
public enum RollbackCause: String, Codable, Sendable, Hashable {
    /// The server refused the request.
    case rejected
    /// A request it depends on did not complete in time.
    case timedOut
    /// The poison rule: the server can never accept it.
    case poison
    /// The user cancelled it before it was sent.
    case cancelled
}

/// Registry of one domain's sync events, for tools and replays.
public func optimisticEvents<Domain: OptimisticDomain>(_ domain: Domain.Type) -> EventRegistry {
    var registry = EventRegistry()
    registry.register(RequestSubmitted<Domain>.self)
    registry.register(RequestSent<Domain>.self)
    registry.register(DeliveryFailed<Domain>.self)
    registry.register(RequestConfirmed<Domain>.self)
    registry.register(StatePushed<Domain>.self)
    registry.register(RequestsRolledBack<Domain>.self)
    registry.register(AlertRaised<Domain>.self)
    registry.register(ClientRestarted<Domain>.self)
    return registry
}
