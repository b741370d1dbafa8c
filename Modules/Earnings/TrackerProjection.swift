import EventLog
import PlatformKit
import RealtimeAPI

/// Every driver's tracker, folded from the tracker events (`earnings.tracker.*`).
public struct TrackerProjection: Projection {
    /// Snapshots pack every tracker into one byte string (see `TrackerProjection+BinaryCodable.swift`).
    public struct State: Sendable, Hashable {
        public var trackers = TrackerTable()
        public init() {}
    }

    public init() {}

    public var name: String { "earnings.tracker" }
    public var version: Int { 1 }
    public var initialState: State { State() }
    public var events: EventRegistry { Self.registry }

    /// The tracker events: the push pipeline's and the client's.
    public static let registry: EventRegistry = {
        var registry = EventRegistry()
        registry.register(TrackerCardsPushed.self)
        registry.register(TrackerCardsPulled.self)
        registry.register(TrackerPullFailed.self)
        registry.register(TrackerPrivacyChanged.self)
        registry.register(TrackerStatusItemSelected.self)
        registry.register(TrackerBulletinDismissed.self)
        return registry
    }()

    public func apply(_ event: any Event, envelope: RecordedEvent, to state: inout State) {
        guard let event = event as? any TrackerEvent else { return }
        state.trackers.apply(event, driverID: event.driverID)
    }

    /// Packs every tracker (see ``TrackerTable/packAll()``): the next snapshot copies the bytes of
    /// the trackers no event changed since.
    public func prepareForSnapshot(_ state: inout State) {
        state.trackers.packAll()
    }

    /// One driver's tracker rebuilt from `log` (its stream only) as of `instant`.
    public static func tracker(driverID: String, in log: some EventLogReader, at instant: Instant?) throws -> TrackerState {
        var state = TrackerState()
        try log.forEach(EventQuery(stream: earningsStream(driverID: driverID), types: registry.typeNames)) { recorded in
            guard let event = try registry.decode(recorded) as? any TrackerEvent,
                  event.driverID == driverID, instant.map({ event.at <= $0 }) ?? true else { return }
            state.apply(event)
        }
        return state
    }
}
