import EventLog
import PlatformKit
import RealtimeAPI

/// A pull returned these cards (stream `earnings-<driverID>`).
public struct TrackerCardsPulled: Event, Equatable {
    public static let eventType = "earnings.tracker.pulled"
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

/// A pull got no answer: the service is in outage until a pull succeeds; no pull before `retryAt`.
public struct TrackerPullFailed: Event, Equatable {
    public static let eventType = "earnings.tracker.pull_failed"
    public var driverID: String
    public var service: TrackerService
    public var reason: String
    public var at: Instant
    public var retryAt: Instant

    public init(driverID: String, service: TrackerService, reason: String, at: Instant, retryAt: Instant) {
        self.driverID = driverID
        self.service = service
        self.reason = reason
        self.at = at
        self.retryAt = retryAt
    }
}

/// The driver turned Privacy Mode on or off; it is remembered.
public struct TrackerPrivacyChanged: Event, Equatable {
    public static let eventType = "earnings.tracker.privacy_changed"
    public var driverID: String
    public var privacyStatus: TrackerPrivacyStatus
    public var at: Instant

    public init(driverID: String, privacyStatus: TrackerPrivacyStatus, at: Instant) {
        self.driverID = driverID
        self.privacyStatus = privacyStatus
        self.at = at
    }
}

/// The driver swiped the Status item to this card (`TrackerStatusModeListener.update(selectedItem:)`).
public struct TrackerStatusItemSelected: Event, Equatable {
    public static let eventType = "earnings.tracker.status_selected"
    public var driverID: String
    public var cardID: String
    public var at: Instant

    public init(driverID: String, cardID: String, at: Instant) {
        self.driverID = driverID
        self.cardID = cardID
        self.at = at
    }
}

/// The driver closed the open bulletin.
public struct TrackerBulletinDismissed: Event, Equatable {
    public static let eventType = "earnings.tracker.bulletin_dismissed"
    public var driverID: String
    public var at: Instant

    public init(driverID: String, at: Instant) {
        self.driverID = driverID
        self.at = at
    }
}
