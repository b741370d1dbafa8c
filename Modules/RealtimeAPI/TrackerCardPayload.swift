/// The data of one card: exactly one variant, coded as the seed's `TrackerCardPayload` (one key
/// such as `trackerRecentTripsCard`). Adding a card type is adding a case here and a plugin;
/// every `switch` over ``TrackerCardKind`` then points at what to update. `indirect`, so a card
/// carries one reference to its payload and cards move cheaply when ranked.
public indirect enum TrackerCardPayload: Sendable, Hashable, Codable {
    case recentTrips(TrackerRecentTripsCard)
    case dailyEarnings(TrackerDailyEarningsCard)
    case weeklyEarnings(TrackerWeeklyEarningsCard)
    case dxgyProgress(TrackerDxGyProgressCard)
    case dxgyCompletion(TrackerDxGyCompletionCard)
    case consecutiveTripsProgress(TrackerConsecutiveTripsProgressCard)
    case consecutiveTripsCompletion(TrackerConsecutiveTripsCompletionCard)
    case newDriverGuaranteeProgress(TrackerNewDriverGuaranteeProgressCard)
    case newDriverGuaranteeCompletion(TrackerNewDriverGuaranteeCompletionCard)
    case loyaltyProgress(TrackerLoyaltyProgressCard)
    case error(TrackerErrorCard)

    /// Which variant this is.
    public var kind: TrackerCardKind {
        switch self {
        case .recentTrips: .recentTrips
        case .dailyEarnings: .dailyEarnings
        case .weeklyEarnings: .weeklyEarnings
        case .dxgyProgress: .dxgyProgress
        case .dxgyCompletion: .dxgyCompletion
        case .consecutiveTripsProgress: .consecutiveTripsProgress
        case .consecutiveTripsCompletion: .consecutiveTripsCompletion
        case .newDriverGuaranteeProgress: .newDriverGuaranteeProgress
        case .newDriverGuaranteeCompletion: .newDriverGuaranteeCompletion
        case .loyaltyProgress: .loyaltyProgress
        case .error: .error
        }
    }

    /// Decodes the single variant key; an empty, ambiguous or unknown variant throws ``TrackerPayloadError``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TrackerCardKind.self)
        let keys = container.allKeys
        guard keys.count == 1, let kind = keys.first else {
            throw Self.variantProblem(keys: try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue), kinds: keys)
        }
        switch kind {
        case .recentTrips: self = .recentTrips(try container.decode(TrackerRecentTripsCard.self, forKey: kind))
        case .dailyEarnings: self = .dailyEarnings(try container.decode(TrackerDailyEarningsCard.self, forKey: kind))
        case .weeklyEarnings: self = .weeklyEarnings(try container.decode(TrackerWeeklyEarningsCard.self, forKey: kind))
        case .dxgyProgress: self = .dxgyProgress(try container.decode(TrackerDxGyProgressCard.self, forKey: kind))
        case .dxgyCompletion: self = .dxgyCompletion(try container.decode(TrackerDxGyCompletionCard.self, forKey: kind))
        case .consecutiveTripsProgress:
            self = .consecutiveTripsProgress(try container.decode(TrackerConsecutiveTripsProgressCard.self, forKey: kind))
        case .consecutiveTripsCompletion:
            self = .consecutiveTripsCompletion(try container.decode(TrackerConsecutiveTripsCompletionCard.self, forKey: kind))
        case .newDriverGuaranteeProgress:
            self = .newDriverGuaranteeProgress(try container.decode(TrackerNewDriverGuaranteeProgressCard.self, forKey: kind))
        case .newDriverGuaranteeCompletion:
            self = .newDriverGuaranteeCompletion(try container.decode(TrackerNewDriverGuaranteeCompletionCard.self, forKey: kind))
        case .loyaltyProgress: self = .loyaltyProgress(try container.decode(TrackerLoyaltyProgressCard.self, forKey: kind))
        case .error: self = .error(try container.decode(TrackerErrorCard.self, forKey: kind))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TrackerCardKind.self)
        switch self {
        case .recentTrips(let card): try container.encode(card, forKey: kind)
        case .dailyEarnings(let card): try container.encode(card, forKey: kind)
        case .weeklyEarnings(let card): try container.encode(card, forKey: kind)
        case .dxgyProgress(let card): try container.encode(card, forKey: kind)
        case .dxgyCompletion(let card): try container.encode(card, forKey: kind)
        case .consecutiveTripsProgress(let card): try container.encode(card, forKey: kind)
        case .consecutiveTripsCompletion(let card): try container.encode(card, forKey: kind)
        case .newDriverGuaranteeProgress(let card): try container.encode(card, forKey: kind)
        case .newDriverGuaranteeCompletion(let card): try container.encode(card, forKey: kind)
        case .loyaltyProgress(let card): try container.encode(card, forKey: kind)
        case .error(let card): try container.encode(card, forKey: kind)
        }
    }

    /// The error of a payload whose `keys` are not exactly one variant (`kinds`: those that are variants).
    static func variantProblem(keys: [String], kinds: [TrackerCardKind]) -> TrackerPayloadError {
        let reason = keys.isEmpty ? "is empty"
            : kinds.isEmpty ? "has unknown variant \"\(keys.sorted().joined(separator: "\", \""))\""
            : "has \(kinds.count) variants (\(kinds.map(\.rawValue).sorted().joined(separator: ", "))); expected one"
        return TrackerPayloadError(cardID: nil, reason: reason)
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// The payload variants, named by their `TrackerCardPayload` field.
public enum TrackerCardKind: String, Sendable, Hashable, Codable, CaseIterable, CodingKey {
    case recentTrips = "trackerRecentTripsCard"
    case dailyEarnings = "trackerDailyEarningsCard"
    case weeklyEarnings = "trackerWeeklyEarningsCard"
    case dxgyProgress = "trackerDxGyProgressCard"
    case dxgyCompletion = "trackerDxGyCompletionCard"
    case consecutiveTripsProgress = "trackerConsecutiveTripsProgressCard"
    case consecutiveTripsCompletion = "trackerConsecutiveTripsCompletionCard"
    case newDriverGuaranteeProgress = "trackerNewDriverGuaranteeProgressCard"
    case newDriverGuaranteeCompletion = "trackerNewDriverGuaranteeCompletionCard"
    case loyaltyProgress = "trackerLoyaltyProgressCard"
    case error = "trackerErrorCard"
}
