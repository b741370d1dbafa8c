import EventLog
import PlatformKit

/// Every driver's earnings, folded from `earnings.trip.completed`, `earnings.incentive.enrolled`
/// and `earnings.incentive.earned`.
public struct EarningsProjection: Projection {
    public struct State: Sendable, Hashable, Codable {
        public var drivers: [String: DriverEarnings] = [:]
        public init() {}
    }

    public var calendar: EarningsCalendar

    public init(calendar: EarningsCalendar = EarningsCalendar()) {
        self.calendar = calendar
    }

    public var name: String { "earnings.ledger" }
    public var version: Int { 1 }
    public var initialState: State { State() }
    public var events: EventRegistry { Self.registry }

    /// The earnings facts (the tracker's card events are in `TrackerProjection.registry`).
    public static let registry: EventRegistry = {
        var registry = EventRegistry()
        registry.register(TripCompleted.self)
        registry.register(IncentiveEnrolled.self)
        registry.register(IncentiveEarned.self)
        return registry
    }()

    public func apply(_ event: any Event, envelope: RecordedEvent, to state: inout State) {
        apply(event, to: &state)
    }

    /// Folds one event without its envelope (what the back end does as it decides).
    public func apply(_ event: any Event, to state: inout State) {
        guard let fact = event as? any EarningsFact else { return }
        state.drivers[fact.driverID, default: DriverEarnings()].apply(fact, calendar: calendar)
    }
}
