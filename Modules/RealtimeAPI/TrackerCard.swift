import PlatformKit

/// Seconds since the Unix epoch (the seed's `ts.TimestampInSec`).
public typealias TimestampInSec = Int64

/// One Real-time Earnings Tracker card, exactly the Real-time-API contract: `cardID` identifies it,
/// `priority` ranks Browse cards, `cardType` routes it, `expiresAt` is checked on the client.
public struct TrackerCard: Sendable, Hashable, Codable {
    /// The single source of truth identifying the card; a new kind of card needs a new ID.
    public var cardID: String
    /// Browse ranking: higher comes first.
    public var priority: Double
    /// A card the server marks invalid is not shown.
    public var isValid: Bool
    /// The data the card's plugin renders.
    public var payload: TrackerCardPayload?
    /// Which modes show the card.
    public var cardType: CardType?
    /// The card is hidden from this second on, evaluated on the client (the server never pushes expiry).
    public var expiresAt: TimestampInSec?
    /// When the service produced the data; shown with cached cards while the service is in outage.
    public var lastUpdatedAt: TimestampInSec?
    /// The service's health when it produced the card.
    public var outageState: OutageState?
    /// When pushed, the Status item switches to this card.
    public var shouldForceSwitchStatusMode: Bool?
    /// Status mode shows the valid Browse card with the highest value.
    public var statusModePriority: Double?

    public init(
        cardID: String, priority: Double, isValid: Bool = true, payload: TrackerCardPayload?,
        cardType: CardType?, expiresAt: TimestampInSec? = nil, lastUpdatedAt: TimestampInSec? = nil,
        outageState: OutageState? = nil, shouldForceSwitchStatusMode: Bool? = nil, statusModePriority: Double? = nil
    ) {
        self.cardID = cardID
        self.priority = priority
        self.isValid = isValid
        self.payload = payload
        self.cardType = cardType
        self.expiresAt = expiresAt
        self.lastUpdatedAt = lastUpdatedAt
        self.outageState = outageState
        self.shouldForceSwitchStatusMode = shouldForceSwitchStatusMode
        self.statusModePriority = statusModePriority
    }

    private enum CodingKeys: String, CodingKey {
        case cardID, priority, isValid, payload, cardType, expiresAt, lastUpdatedAt, outageState
        case shouldForceSwitchStatusMode, statusModePriority
    }

    /// Decodes the contract; a payload that is unknown or malformed throws ``TrackerPayloadError``
    /// (naming the card) so a batch can drop this one card and keep the rest. An empty `cardID`
    /// identifies no card: it is refused like a missing one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cardID = try container.decode(String.self, forKey: .cardID)
        guard !cardID.isEmpty else { throw DecodingError.dataCorruptedError(forKey: .cardID, in: container, debugDescription: "must not be empty") }
        priority = try container.decode(Double.self, forKey: .priority)
        isValid = try container.decode(Bool.self, forKey: .isValid)
        cardType = try container.decodeIfPresent(CardType.self, forKey: .cardType)
        expiresAt = try container.decodeIfPresent(TimestampInSec.self, forKey: .expiresAt)
        lastUpdatedAt = try container.decodeIfPresent(TimestampInSec.self, forKey: .lastUpdatedAt)
        outageState = try container.decodeIfPresent(OutageState.self, forKey: .outageState)
        shouldForceSwitchStatusMode = try container.decodeIfPresent(Bool.self, forKey: .shouldForceSwitchStatusMode)
        statusModePriority = try container.decodeIfPresent(Double.self, forKey: .statusModePriority)
        do {
            payload = try Self.payload(of: cardID) { try container.decodeIfPresent(TrackerCardPayload.self, forKey: .payload) }
        } catch var error as TrackerPayloadError {
            error.lastUpdatedAt = lastUpdatedAt
            throw error
        }
    }

    /// The payload `decode` reads, its errors naming card `cardID`.
    static func payload(of cardID: String, _ decode: () throws -> TrackerCardPayload?) throws -> TrackerCardPayload? {
        do {
            return try decode()
        } catch let error as TrackerPayloadError {
            throw TrackerPayloadError(cardID: cardID, reason: error.reason)
        } catch {
            throw TrackerPayloadError(cardID: cardID, reason: "malformed: \(DecodingProblem(error))")
        }
    }
}

/// A card whose payload could not be read: the card is dropped, the others stay.
public struct TrackerPayloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The dropped card, when its ID was readable.
    public var cardID: String?
    public var reason: String
    /// The dropped card's `lastUpdatedAt`, when read: the file's data is still as of that time.
    public var lastUpdatedAt: TimestampInSec?

    public init(cardID: String?, reason: String, lastUpdatedAt: TimestampInSec? = nil) {
        self.cardID = cardID
        self.reason = reason
        self.lastUpdatedAt = lastUpdatedAt
    }

    public var description: String { "card \"\(cardID ?? "?")\": payload \(reason)" }
}
