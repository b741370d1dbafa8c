import EventLog

/// Events recorded during one step, typed, for the caller to append in one batch.
///
/// Shared by a session and the back end it talks to, so one step's events land together.
public final class EventOutbox {
    public private(set) var events: [TypedEvent] = []

    public init() {}

    /// Records `event` on `stream`.
    public func record(_ event: some Event, stream: String) {
        events.append(TypedEvent(event, stream: stream))
    }

    /// The recorded events, emptying the outbox.
    public func drain() -> [TypedEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }
}
