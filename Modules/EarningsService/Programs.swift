import PlatformKit

/// What an incentive rewards.
public enum IncentiveKind: String, Sendable, Hashable, Codable {
    /// A quest, "do X trips, get Y" (DxGy), between `startsAt` and `endsAt`.
    case quest
    /// `targetTrips` trips in a row, each completed within `maxGapSeconds` of the previous one.
    case consecutiveTrips
    /// A new driver's first `targetTrips` trips earn at least `amount`; the difference is topped up.
    case newDriverGuarantee
}

/// One incentive a driver is enrolled in. Flat, so its event payload stays small.
public struct IncentiveProgram: Sendable, Hashable, Codable {
    public var id: String
    public var kind: IncentiveKind
    public var targetTrips: Int
    /// The reward (quest, streak) or the guaranteed total (new-driver guarantee).
    public var amount: Money
    public var startsAt: Instant?
    public var endsAt: Instant?
    public var maxGapSeconds: Int64?

    public init(id: String, kind: IncentiveKind, targetTrips: Int, amount: Money, startsAt: Instant? = nil, endsAt: Instant? = nil, maxGapSeconds: Int64? = nil) {
        self.id = id
        self.kind = kind
        self.targetTrips = targetTrips
        self.amount = amount
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.maxGapSeconds = maxGapSeconds
    }

    /// Whether a trip at `instant` counts (inside the quest window).
    public func isActive(at instant: Instant) -> Bool {
        (startsAt.map { instant >= $0 } ?? true) && (endsAt.map { instant < $0 } ?? true)
    }
}

/// Which incentives drivers get, and the loyalty (Uber Pro) tiers.
public struct IncentivesConfig: Sendable, Hashable, Codable {
    /// A quest each week: trips to do and the reward in minor units of the driver's currency (`nil`: no quests).
    public var questTrips: Int?
    public var questRewardMinorUnits: Int64
    /// A streak of consecutive trips (`nil`: none), each within `streakMaxGapSeconds` of the previous.
    public var streakTrips: Int?
    public var streakMaxGapSeconds: Int64
    public var streakRewardMinorUnits: Int64
    /// A new driver's guarantee over the first trips (`nil`: none).
    public var guaranteeTrips: Int?
    public var guaranteeMinorUnits: Int64
    /// Tier names and the points (one per trip) that reach them, ascending from 0.
    public var loyaltyTiers: [LoyaltyTier]

    public init(
        questTrips: Int? = 10, questRewardMinorUnits: Int64 = 1_500,
        streakTrips: Int? = 3, streakMaxGapSeconds: Int64 = 1_800, streakRewardMinorUnits: Int64 = 500,
        guaranteeTrips: Int? = 20, guaranteeMinorUnits: Int64 = 30_000,
        loyaltyTiers: [LoyaltyTier] = LoyaltyTier.uberPro
    ) {
        self.questTrips = questTrips
        self.questRewardMinorUnits = questRewardMinorUnits
        self.streakTrips = streakTrips
        self.streakMaxGapSeconds = streakMaxGapSeconds
        self.streakRewardMinorUnits = streakRewardMinorUnits
        self.guaranteeTrips = guaranteeTrips
        self.guaranteeMinorUnits = guaranteeMinorUnits
        self.loyaltyTiers = loyaltyTiers
    }
}

/// A loyalty (Uber Pro) tier.
public struct LoyaltyTier: Sendable, Hashable, Codable {
    public var name: String
    public var points: Int

    public init(name: String, points: Int) {
        self.name = name
        self.points = points
    }

    public static let uberPro: [LoyaltyTier] = [
        LoyaltyTier(name: "Blue", points: 0), LoyaltyTier(name: "Gold", points: 25),
        LoyaltyTier(name: "Platinum", points: 60), LoyaltyTier(name: "Diamond", points: 120),
    ]
}
