import EventLog

// Every tracker push is appended with its cards: they encode without `Codable`, writing exactly
// the bytes of their `Codable` encodings (the keys, in order; `CardType` and `OutageState` as
// their numbers, a payload as one entry named after its variant).

extension TrackerCardsPushed: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(driverID, forKey: "driverID")
        writer.encode(service.rawValue, forKey: "service")
        writer.encode(cards, forKey: "cards")
        writer.encode(at, forKey: "at")
    }
}

extension TrackerCard: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(cardID, forKey: "cardID")
        writer.encode(priority, forKey: "priority")
        writer.encode(isValid, forKey: "isValid")
        writer.encodeIfPresent(payload, forKey: "payload")
        writer.encodeIfPresent(cardType?.rawValue, forKey: "cardType")
        writer.encodeIfPresent(expiresAt, forKey: "expiresAt")
        writer.encodeIfPresent(lastUpdatedAt, forKey: "lastUpdatedAt")
        writer.encodeIfPresent(outageState?.rawValue, forKey: "outageState")
        writer.encodeIfPresent(shouldForceSwitchStatusMode, forKey: "shouldForceSwitchStatusMode")
        writer.encodeIfPresent(statusModePriority, forKey: "statusModePriority")
    }
}

extension TrackerCardPayload: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        switch self {
        case .recentTrips(let card): writer.encode(card, forKey: "trackerRecentTripsCard")
        case .dailyEarnings(let card): writer.encode(card, forKey: "trackerDailyEarningsCard")
        case .weeklyEarnings(let card): writer.encode(card, forKey: "trackerWeeklyEarningsCard")
        case .dxgyProgress(let card): writer.encode(card, forKey: "trackerDxGyProgressCard")
        case .dxgyCompletion(let card): writer.encode(card, forKey: "trackerDxGyCompletionCard")
        case .consecutiveTripsProgress(let card): writer.encode(card, forKey: "trackerConsecutiveTripsProgressCard")
        case .consecutiveTripsCompletion(let card): writer.encode(card, forKey: "trackerConsecutiveTripsCompletionCard")
        case .newDriverGuaranteeProgress(let card): writer.encode(card, forKey: "trackerNewDriverGuaranteeProgressCard")
        case .newDriverGuaranteeCompletion(let card): writer.encode(card, forKey: "trackerNewDriverGuaranteeCompletionCard")
        case .loyaltyProgress(let card): writer.encode(card, forKey: "trackerLoyaltyProgressCard")
        case .error(let card): writer.encode(card, forKey: "trackerErrorCard")
        }
    }
}

extension TrackerRecentTripsCard: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(title, forKey: "title")
        writer.encodeIfPresent(formattedTotal, forKey: "formattedTotal")
        writer.encodeIfPresent(formattedRequestAt, forKey: "formattedRequestAt")
        writer.encodeIfPresent(vehicleStatusDescription, forKey: "vehicleStatusDescription")
        writer.encodeIfPresent(callToAction, forKey: "callToAction")
        writer.encodeIfPresent(bulletinTitle, forKey: "bulletinTitle")
        writer.encodeIfPresent(lastTripUuid, forKey: "lastTripUuid")
        writer.encodeIfPresent(total, forKey: "total")
    }
}

extension TrackerPeriodEarningsCard: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(title, forKey: "title")
        writer.encodeIfPresent(formattedTotal, forKey: "formattedTotal")
        writer.encodeIfPresent(total, forKey: "total")
        writer.encodeIfPresent(tripCount, forKey: "tripCount")
        writer.encodeIfPresent(period, forKey: "period")
    }
}

extension TrackerGoalProgressCard: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(title, forKey: "title")
        writer.encode(programID, forKey: "programID")
        writer.encode(completedTrips, forKey: "completedTrips")
        writer.encode(targetTrips, forKey: "targetTrips")
        writer.encodeIfPresent(formattedReward, forKey: "formattedReward")
        writer.encodeIfPresent(reward, forKey: "reward")
    }
}

extension TrackerGoalCompletionCard: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(title, forKey: "title")
        writer.encode(programID, forKey: "programID")
        writer.encodeIfPresent(bulletinTitle, forKey: "bulletinTitle")
        writer.encodeIfPresent(formattedReward, forKey: "formattedReward")
        writer.encodeIfPresent(reward, forKey: "reward")
    }
}

extension TrackerNewDriverGuaranteeProgressCard: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(title, forKey: "title")
        writer.encode(programID, forKey: "programID")
        writer.encode(completedTrips, forKey: "completedTrips")
        writer.encode(targetTrips, forKey: "targetTrips")
        writer.encodeIfPresent(formattedEarned, forKey: "formattedEarned")
        writer.encodeIfPresent(earned, forKey: "earned")
        writer.encodeIfPresent(formattedGuarantee, forKey: "formattedGuarantee")
        writer.encodeIfPresent(guarantee, forKey: "guarantee")
    }
}

extension TrackerLoyaltyProgressCard: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(title, forKey: "title")
        writer.encode(tier, forKey: "tier")
        writer.encode(points, forKey: "points")
        writer.encodeIfPresent(nextTier, forKey: "nextTier")
        writer.encodeIfPresent(pointsToNextTier, forKey: "pointsToNextTier")
    }
}

extension TrackerErrorCard: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(title, forKey: "title")
        writer.encode(source, forKey: "source")
        writer.encodeIfPresent(message, forKey: "message")
    }
}
