import PlatformKit

/// The last trip: the seed's `TrackerRecentTripsCard`, plus the exact amount behind `formattedTotal`.
public struct TrackerRecentTripsCard: Sendable, Hashable, Codable {
    public var title: String
    public var formattedTotal: String?
    public var formattedRequestAt: String?
    public var vehicleStatusDescription: String?
    public var callToAction: String?
    public var bulletinTitle: String?
    public var lastTripUuid: String?
    /// The trip's earnings in minor units (what `formattedTotal` shows).
    public var total: Money?

    public init(
        title: String, formattedTotal: String? = nil, formattedRequestAt: String? = nil, vehicleStatusDescription: String? = nil,
        callToAction: String? = nil, bulletinTitle: String? = nil, lastTripUuid: String? = nil, total: Money? = nil
    ) {
        self.title = title
        self.formattedTotal = formattedTotal
        self.formattedRequestAt = formattedRequestAt
        self.vehicleStatusDescription = vehicleStatusDescription
        self.callToAction = callToAction
        self.bulletinTitle = bulletinTitle
        self.lastTripUuid = lastTripUuid
        self.total = total
    }
}

/// A period's summary: the daily card (`period` is `YYYY-MM-DD`) or the weekly card (the week's Monday).
public struct TrackerPeriodEarningsCard: Sendable, Hashable, Codable {
    public var title: String
    public var formattedTotal: String?
    public var total: Money?
    public var tripCount: Int?
    public var period: String?

    public init(title: String, formattedTotal: String? = nil, total: Money? = nil, tripCount: Int? = nil, period: String? = nil) {
        self.title = title
        self.formattedTotal = formattedTotal
        self.total = total
        self.tripCount = tripCount
        self.period = period
    }
}

/// Progress towards a trip goal: a quest ("do X trips, get Y") or a consecutive-trips streak.
public struct TrackerGoalProgressCard: Sendable, Hashable, Codable {
    public var title: String
    public var programID: String
    public var completedTrips: Int
    public var targetTrips: Int
    public var formattedReward: String?
    public var reward: Money?

    public init(title: String, programID: String, completedTrips: Int, targetTrips: Int, formattedReward: String? = nil, reward: Money? = nil) {
        self.title = title
        self.programID = programID
        self.completedTrips = completedTrips
        self.targetTrips = targetTrips
        self.formattedReward = formattedReward
        self.reward = reward
    }
}

/// A goal reached (a Bulletin card): the quest, streak or guarantee and what it paid.
public struct TrackerGoalCompletionCard: Sendable, Hashable, Codable {
    public var title: String
    public var programID: String
    public var bulletinTitle: String?
    public var formattedReward: String?
    public var reward: Money?

    public init(title: String, programID: String, bulletinTitle: String? = nil, formattedReward: String? = nil, reward: Money? = nil) {
        self.title = title
        self.programID = programID
        self.bulletinTitle = bulletinTitle
        self.formattedReward = formattedReward
        self.reward = reward
    }
}

/// A new driver's guarantee: trips done towards the target, earned so far against the guarantee.
public struct TrackerNewDriverGuaranteeProgressCard: Sendable, Hashable, Codable {
    public var title: String
    public var programID: String
    public var completedTrips: Int
    public var targetTrips: Int
    public var formattedEarned: String?
    public var earned: Money?
    public var formattedGuarantee: String?
    public var guarantee: Money?

    public init(
        title: String, programID: String, completedTrips: Int, targetTrips: Int,
        formattedEarned: String? = nil, earned: Money? = nil, formattedGuarantee: String? = nil, guarantee: Money? = nil
    ) {
        self.title = title
        self.programID = programID
        self.completedTrips = completedTrips
        self.targetTrips = targetTrips
        self.formattedEarned = formattedEarned
        self.earned = earned
        self.formattedGuarantee = formattedGuarantee
        self.guarantee = guarantee
    }
}

/// Loyalty (Uber Pro) status: tier and points, and how far the next tier is.
public struct TrackerLoyaltyProgressCard: Sendable, Hashable, Codable {
    public var title: String
    public var tier: String
    public var points: Int
    public var nextTier: String?
    public var pointsToNextTier: Int?

    public init(title: String, tier: String, points: Int, nextTier: String? = nil, pointsToNextTier: Int? = nil) {
        self.title = title
        self.tier = tier
        self.points = points
        self.nextTier = nextTier
        self.pointsToNextTier = pointsToNextTier
    }
}

/// What an error card is about.
public enum TrackerErrorSource: String, Sendable, Hashable, Codable, CaseIterable {
    case earnings, incentives, newDriverGuarantee, loyalty
}

/// Earnings error, incentives error, new-driver-guarantee or loyalty progress error.
public struct TrackerErrorCard: Sendable, Hashable, Codable {
    public var title: String
    public var source: TrackerErrorSource
    public var message: String?

    public init(title: String, source: TrackerErrorSource, message: String? = nil) {
        self.title = title
        self.source = source
        self.message = message
    }
}

/// The seed's names for the shared shapes.
public typealias TrackerDailyEarningsCard = TrackerPeriodEarningsCard
public typealias TrackerWeeklyEarningsCard = TrackerPeriodEarningsCard
public typealias TrackerDxGyProgressCard = TrackerGoalProgressCard
public typealias TrackerDxGyCompletionCard = TrackerGoalCompletionCard
public typealias TrackerConsecutiveTripsProgressCard = TrackerGoalProgressCard
public typealias TrackerConsecutiveTripsCompletionCard = TrackerGoalCompletionCard
public typealias TrackerNewDriverGuaranteeCompletionCard = TrackerGoalCompletionCard

extension TrackerGoalProgressCard {
    /// Decodes the card; a negative trip count or a target below one is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            title: try container.decode(String.self, forKey: .title), programID: try container.decode(String.self, forKey: .programID),
            completedTrips: try container.tripCount(.completedTrips, atLeast: 0), targetTrips: try container.tripCount(.targetTrips, atLeast: 1),
            formattedReward: try container.decodeIfPresent(String.self, forKey: .formattedReward), reward: try container.decodeIfPresent(Money.self, forKey: .reward)
        )
    }
}

extension TrackerNewDriverGuaranteeProgressCard {
    /// Decodes the card; a negative trip count or a target below one is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            title: try container.decode(String.self, forKey: .title), programID: try container.decode(String.self, forKey: .programID),
            completedTrips: try container.tripCount(.completedTrips, atLeast: 0), targetTrips: try container.tripCount(.targetTrips, atLeast: 1),
            formattedEarned: try container.decodeIfPresent(String.self, forKey: .formattedEarned), earned: try container.decodeIfPresent(Money.self, forKey: .earned),
            formattedGuarantee: try container.decodeIfPresent(String.self, forKey: .formattedGuarantee),
            guarantee: try container.decodeIfPresent(Money.self, forKey: .guarantee)
        )
    }
}

extension KeyedDecodingContainer {
    /// A progress card's trip count, at least `minimum`.
    fileprivate func tripCount(_ key: Key, atLeast minimum: Int) throws -> Int {
        let count = try decode(Int.self, forKey: key)
        guard count >= minimum else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\(count) trips: must be at least \(minimum)")
        }
        return count
    }
}
