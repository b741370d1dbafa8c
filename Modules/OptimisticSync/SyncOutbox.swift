import EventLog
import PlatformKit

/// What the engine produced since the caller last took it: events to append, published states,
/// alerts for the global stream, and confirmed operations with their time saved.
public struct SyncOutbox<Domain: OptimisticDomain>: Sendable {
    /// Typed events, in order; ``typedEvents`` or ``newEvents()`` ready them for the log.
    public var events: [any Event] = []
    /// Every optimistic state published to the feature, in order.
    public var published: [Domain.State] = []
    public var alerts: [OptimisticAlert<Domain.State>] = []
    public var confirmations: [Confirmation] = []
    /// The stream the events belong to.
    public let streamID: String

    init(streamID: String) {
        self.streamID = streamID
    }

    /// The events with their stream, for recording in a shared log (``EventLogWriter/record(_:)``).
    public var typedEvents: [TypedEvent] {
        events.map { TypedEvent($0, stream: streamID) }
    }

    /// The events encoded for appending to a shared log.
    public func newEvents() throws -> [NewEvent] {
        try events.map { try $0.newEvent(stream: streamID) }
    }

    /// Whether nothing was produced.
    public var isEmpty: Bool { events.isEmpty }
}

/// An operation the server confirmed: when the user saw it and when it was confirmed.
public struct Confirmation: Sendable, Hashable {
    public var requestID: String
    public var kind: String
    public var submittedAt: Instant
    public var confirmedAt: Instant
    /// Whether the user saw the result at submission (an optimistic kind).
    public var wasOptimistic: Bool

    /// How long earlier the user saw the result than they would have without Optimistic Mode.
    public var timeSaved: Duration {
        wasOptimistic ? submittedAt.duration(to: confirmedAt) : .zero
    }
}

/// Why the engine refused a call.
public struct OptimisticError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
}

extension SyncOutbox {
    /// This outbox followed by `later`.
    public func merged(with later: SyncOutbox) -> SyncOutbox {
        var merged = self
        merged.events += later.events
        merged.published += later.published
        merged.alerts += later.alerts
        merged.confirmations += later.confirmations
        return merged
    }
}
