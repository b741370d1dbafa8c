import PlatformKit
import RealtimeAPI

/// Whether amounts are hidden in Status mode.
public enum TrackerPrivacyStatus: String, Sendable, Hashable, Codable {
    case visible, hidden
}

/// The mode the tracker shows full screen: Status (the home-screen pill) or an opened Bulletin.
public enum TrackerMode: String, Sendable, Hashable, Codable {
    case status, bulletin
}

/// One service's cards as its data manager hands them to ``TrackerDataManager``.
public struct TrackerCardStream: Sendable, Hashable {
    public var service: TrackerService
    public var cards: [TrackerCard]
    /// The service is in outage: its cards are cached, shown stale, and its error card appears
    /// (if the contract has one for it: ``TrackerService/errorSource``).
    public var isInOutage: Bool
    /// When the service last delivered data (shown with the error card in an outage).
    public var lastUpdatedAt: Instant?
    /// Cards dropped while decoding (bad payload), reported among the exclusions.
    public var dropped: [TrackerPayloadError]

    public init(
        service: TrackerService, cards: [TrackerCard], isInOutage: Bool = false, lastUpdatedAt: Instant? = nil,
        dropped: [TrackerPayloadError] = []
    ) {
        self.service = service
        self.cards = cards
        self.isInOutage = isInOutage
        self.lastUpdatedAt = lastUpdatedAt
        self.dropped = dropped
    }
}

/// What the driver did to the tracker: privacy, the chosen Status item, an open bulletin.
public struct TrackerUIState: Sendable, Hashable, Codable {
    public var privacyStatus: TrackerPrivacyStatus
    /// The Status item the driver swiped to, or a card that forced the switch.
    public var selectedStatusCardID: String?
    /// The bulletin card a push opened, until dismissed.
    public var openBulletinCardID: String?

    public init(privacyStatus: TrackerPrivacyStatus = .visible, selectedStatusCardID: String? = nil, openBulletinCardID: String? = nil) {
        self.privacyStatus = privacyStatus
        self.selectedStatusCardID = selectedStatusCardID
        self.openBulletinCardID = openBulletinCardID
    }
}

/// A valid card in ranked order, with where it came from.
public struct BrowseTrackerRankingItem: Sendable, Hashable {
    public var card: TrackerCard
    public var service: TrackerService
    /// The card is cached from a service in outage: show its `lastUpdatedAt` and an outage indicator.
    public var isStale: Bool
    /// The plugin that renders it.
    public var plugin: PluginID
}

/// Why a card is not shown.
public enum TrackerExclusionReason: Sendable, Hashable, CustomStringConvertible {
    /// The server marked it `isValid = false`.
    case invalid
    /// `expiresAt` is at or before now.
    case expired(TimestampInSec)
    /// `cardType` is missing or `UNKNOWN`.
    case unknownType
    /// The payload is missing.
    case missingPayload
    /// The payload could not be read (dropped when decoding).
    case badPayload(String)
    /// A card with the same ID and a newer `lastUpdatedAt` won the merge.
    case superseded(by: TrackerService)
    /// A card with the same ID and the same `lastUpdatedAt` was kept: a later card of the same
    /// service, or else the card of the earlier service.
    case duplicate(keptFrom: TrackerService)
    /// No enabled plugin renders this payload in any mode its `cardType` asks for.
    case noPlugin(TrackerCardKind)

    public var description: String {
        switch self {
        case .invalid: "invalid (isValid = false)"
        case .expired(let at): "expired (expiresAt \(Instant(timestampInSec: at)))"
        case .unknownType: "unknown type (cardType missing or UNKNOWN)"
        case .missingPayload: "bad payload: missing"
        case .badPayload(let reason): "bad payload: \(reason)"
        case .superseded(let service): "superseded by a newer card from \(service)"
        case .duplicate(let service): "duplicate of the card kept from \(service): same lastUpdatedAt"
        case .noPlugin(let kind): "no enabled plugin for \(kind.rawValue)"
        }
    }
}

/// A card left out, and why.
public struct TrackerExclusion: Sendable, Hashable {
    public var cardID: String
    public var service: TrackerService
    public var reason: TrackerExclusionReason

    public init(cardID: String, service: TrackerService, reason: TrackerExclusionReason) {
        self.cardID = cardID
        self.service = service
        self.reason = reason
    }
}

/// Status mode (`TrackerStatusModeStream`): the one item on the home screen.
public struct TrackerStatusMode: Sendable, Hashable {
    public var selectedItem: BrowseTrackerRankingItem?
    public var hasSortedValidItems: Bool
    public var privacyStatus: TrackerPrivacyStatus
    /// The bulletin card a push opened, if it is still valid.
    public var bulletinCardPush: TrackerCard?
}

/// Browse mode (`TrackerBrowseModeStream`): every valid Browse card, ranked.
public struct TrackerBrowseMode: Sendable, Hashable {
    public var sortedValidItems: [BrowseTrackerRankingItem]
    /// Services in outage (their error card, if they have one, is among the items).
    public var servicesInOutage: [TrackerService]
    public var privacyStatus: TrackerPrivacyStatus
}

/// Bulletin mode (`TrackerBulletinModeStream`): the card to celebrate.
public struct TrackerBulletinMode: Sendable, Hashable {
    /// The pushed bulletin if still valid, else the top-ranked bulletin card.
    public var bulletinCard: TrackerCard?
    /// Every valid bulletin card, ranked.
    public var sortedValidItems: [BrowseTrackerRankingItem]
}

/// What ``TrackerDataManager`` sends to the three mode streams, plus what it left out.
public struct TrackerModes: Sendable, Hashable {
    public var status: TrackerStatusMode
    public var browse: TrackerBrowseMode
    public var bulletin: TrackerBulletinMode
    /// `.bulletin` while a pushed bulletin card is open.
    public var activeMode: TrackerMode
    /// Excluded cards, in input order.
    public var excluded: [TrackerExclusion]
}
