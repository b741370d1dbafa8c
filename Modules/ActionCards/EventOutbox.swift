import EventLog

/// Events recorded during one step, typed and encoded, for the caller to append in one batch.
///
/// Shared by a session and the back end it talks to, so one step's events land together.
public final class EventOutbox {
    public private(set) var events: [any Event] = []
    public private(set) var newEvents: [NewEvent] = []

    public init() {}

    /// Records `event` on `stream`.
    public func record(_ event: some Event, stream: String) throws {
        events.append(event)
        newEvents.append(try event.newEvent(stream: stream))
    }

    /// The recorded events, emptying the outbox.
    public func drain() -> (events: [any Event], newEvents: [NewEvent]) {
        defer {
            events.removeAll(keepingCapacity: true)
            newEvents.removeAll(keepingCapacity: true)
        }
        return (events, newEvents)
    }
}
