import EventLog
import PlatformKit

/// The push pipeline: a service pushed these cards to a driver (stream `earnings-<driverID>`).
public struct TrackerCardsPushed: Event, Equatable {
    public static let eventType = "earnings.tracker.pushed"
    public var driverID: String
    public var service: TrackerService
    public var cards: [TrackerCard]
    public var at: Instant

    public init(driverID: String, service: TrackerService, cards: [TrackerCard], at: Instant) {
        self.driverID = driverID
        self.service = service
        self.cards = cards
        self.at = at
    }
}

/// The log stream holding one driver's earnings and tracker events.
public func earningsStream(driverID: String) -> String { "earnings-\(driverID)" }
