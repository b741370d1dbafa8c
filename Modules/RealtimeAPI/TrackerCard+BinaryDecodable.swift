import EventLog
import PlatformKit

// Cards are in every tracker push and in every driver's tracker state: they decode without
// `Codable`, with the same leniency and errors as their `Codable` conformances (the keys, in order).

extension TrackerCard: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        cardID = try reader.decode(String.self, forKey: "cardID")
        priority = try reader.decode(Double.self, forKey: "priority")
        isValid = try reader.decode(Bool.self, forKey: "isValid")
        // Read in the written order, each key the next entry (found without a search); a bad
        // payload is thrown after the other fields, as `Codable` reads them.
        let cardID = cardID
        let payload = Result { try Self.payload(of: cardID) { try reader.decodeIfPresent(TrackerCardPayload.self, forKey: "payload") } }
        cardType = Self.cardType(&reader)
        expiresAt = try reader.decodeIfPresent(Int64.self, forKey: "expiresAt")
        lastUpdatedAt = try reader.decodeIfPresent(Int64.self, forKey: "lastUpdatedAt")
        outageState = Self.outageState(&reader)
        shouldForceSwitchStatusMode = try reader.decodeIfPresent(Bool.self, forKey: "shouldForceSwitchStatusMode")
        statusModePriority = try reader.decodeIfPresent(Double.self, forKey: "statusModePriority")
        self.payload = try payload.get()
    }

    /// A number, or a name, or else `.unknown` (``CardType``'s own decoding).
    private static func cardType(_ reader: inout BinaryKeyedReader) -> CardType? {
        do {
            return try reader.decodeIfPresent(Int.self, forKey: "cardType").map { CardType(rawValue: $0) ?? .unknown }
        } catch {
            guard let name = try? reader.decode(String.self, forKey: "cardType") else { return .unknown }
            return CardType.allCases.first { $0.name == name } ?? .unknown
        }
    }

    /// A number, or else `.unknown` (``OutageState``'s own decoding).
    private static func outageState(_ reader: inout BinaryKeyedReader) -> OutageState? {
        do {
            return try reader.decodeIfPresent(Int.self, forKey: "outageState").map { OutageState(rawValue: $0) ?? .unknown }
        } catch {
            return .unknown
        }
    }
}

extension TrackerCardPayload: BinaryDecodable {
    /// The kind is the container's only key, or else the one key among others that names a kind.
    public init(from reader: inout BinaryKeyedReader) throws {
        try self.init(kind: reader.soleKey(as: TrackerCardKind.self) ?? Self.kind(among: reader.keys), &reader)
    }

    private static func kind(among keys: [String]) throws -> TrackerCardKind {
        let kinds = keys.compactMap(TrackerCardKind.init(rawValue:))
        guard kinds.count == 1, let kind = kinds.first else { throw variantProblem(keys: keys, kinds: kinds) }
        return kind
    }

    private init(kind: TrackerCardKind, _ reader: inout BinaryKeyedReader) throws {
        switch kind {
        case .recentTrips: self = .recentTrips(try reader.decode(TrackerRecentTripsCard.self, forKey: "trackerRecentTripsCard"))
        case .dailyEarnings: self = .dailyEarnings(try reader.decode(TrackerPeriodEarningsCard.self, forKey: "trackerDailyEarningsCard"))
        case .weeklyEarnings: self = .weeklyEarnings(try reader.decode(TrackerPeriodEarningsCard.self, forKey: "trackerWeeklyEarningsCard"))
        case .dxgyProgress: self = .dxgyProgress(try reader.decode(TrackerGoalProgressCard.self, forKey: "trackerDxGyProgressCard"))
        case .dxgyCompletion: self = .dxgyCompletion(try reader.decode(TrackerGoalCompletionCard.self, forKey: "trackerDxGyCompletionCard"))
        case .consecutiveTripsProgress:
            self = .consecutiveTripsProgress(try reader.decode(TrackerGoalProgressCard.self, forKey: "trackerConsecutiveTripsProgressCard"))
        case .consecutiveTripsCompletion:
            self = .consecutiveTripsCompletion(try reader.decode(TrackerGoalCompletionCard.self, forKey: "trackerConsecutiveTripsCompletionCard"))
        case .newDriverGuaranteeProgress:
            self = .newDriverGuaranteeProgress(
                try reader.decode(TrackerNewDriverGuaranteeProgressCard.self, forKey: "trackerNewDriverGuaranteeProgressCard")
            )
        case .newDriverGuaranteeCompletion:
            self = .newDriverGuaranteeCompletion(try reader.decode(TrackerGoalCompletionCard.self, forKey: "trackerNewDriverGuaranteeCompletionCard"))
        case .loyaltyProgress: self = .loyaltyProgress(try reader.decode(TrackerLoyaltyProgressCard.self, forKey: "trackerLoyaltyProgressCard"))
        case .error: self = .error(try reader.decode(TrackerErrorCard.self, forKey: "trackerErrorCard"))
        }
    }
}

extension TrackerRecentTripsCard: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        title = try reader.decode(String.self, forKey: "title")
        formattedTotal = try reader.decodeIfPresent(String.self, forKey: "formattedTotal")
        formattedRequestAt = try reader.decodeIfPresent(String.self, forKey: "formattedRequestAt")
        vehicleStatusDescription = try reader.decodeIfPresent(String.self, forKey: "vehicleStatusDescription")
        callToAction = try reader.decodeIfPresent(String.self, forKey: "callToAction")
        bulletinTitle = try reader.decodeIfPresent(String.self, forKey: "bulletinTitle")
        lastTripUuid = try reader.decodeIfPresent(String.self, forKey: "lastTripUuid")
        total = try reader.decodeIfPresent(Money.self, forKey: "total")
    }
}

extension TrackerPeriodEarningsCard: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        title = try reader.decode(String.self, forKey: "title")
        formattedTotal = try reader.decodeIfPresent(String.self, forKey: "formattedTotal")
        total = try reader.decodeIfPresent(Money.self, forKey: "total")
        tripCount = try reader.decodeIfPresent(Int.self, forKey: "tripCount")
        period = try reader.decodeIfPresent(String.self, forKey: "period")
    }
}

extension TrackerGoalProgressCard: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        title = try reader.decode(String.self, forKey: "title")
        programID = try reader.decode(String.self, forKey: "programID")
        completedTrips = try reader.decode(Int.self, forKey: "completedTrips")
        targetTrips = try reader.decode(Int.self, forKey: "targetTrips")
        formattedReward = try reader.decodeIfPresent(String.self, forKey: "formattedReward")
        reward = try reader.decodeIfPresent(Money.self, forKey: "reward")
    }
}

extension TrackerGoalCompletionCard: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        title = try reader.decode(String.self, forKey: "title")
        programID = try reader.decode(String.self, forKey: "programID")
        bulletinTitle = try reader.decodeIfPresent(String.self, forKey: "bulletinTitle")
        formattedReward = try reader.decodeIfPresent(String.self, forKey: "formattedReward")
        reward = try reader.decodeIfPresent(Money.self, forKey: "reward")
    }
}

extension TrackerNewDriverGuaranteeProgressCard: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        title = try reader.decode(String.self, forKey: "title")
        programID = try reader.decode(String.self, forKey: "programID")
        completedTrips = try reader.decode(Int.self, forKey: "completedTrips")
        targetTrips = try reader.decode(Int.self, forKey: "targetTrips")
        formattedEarned = try reader.decodeIfPresent(String.self, forKey: "formattedEarned")
        earned = try reader.decodeIfPresent(Money.self, forKey: "earned")
        formattedGuarantee = try reader.decodeIfPresent(String.self, forKey: "formattedGuarantee")
        guarantee = try reader.decodeIfPresent(Money.self, forKey: "guarantee")
    }
}

extension TrackerLoyaltyProgressCard: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        title = try reader.decode(String.self, forKey: "title")
        tier = try reader.decode(String.self, forKey: "tier")
        points = try reader.decode(Int.self, forKey: "points")
        nextTier = try reader.decodeIfPresent(String.self, forKey: "nextTier")
        pointsToNextTier = try reader.decodeIfPresent(Int.self, forKey: "pointsToNextTier")
    }
}

extension TrackerErrorCard: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        title = try reader.decode(String.self, forKey: "title")
        source = try reader.decode(TrackerErrorSource.self, forKey: "source")
        message = try reader.decodeIfPresent(String.self, forKey: "message")
    }
}

extension TrackerCardsPushed: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        driverID = try reader.decode(String.self, forKey: "driverID")
        service = try reader.decode(TrackerService.self, forKey: "service")
        cards = try reader.decode([TrackerCard].self, forKey: "cards")
        at = try reader.decode(Instant.self, forKey: "at")
    }
}
