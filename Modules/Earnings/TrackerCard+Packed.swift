import PlatformKit
import RealtimeAPI

// Cards as the tracker snapshot packs them: each field in declaration order, without keys (see
// `PackedFieldWriter`). A keyed card takes ~400 bytes, most of them field names.

extension TrackerCard {
    func pack(into writer: inout PackedFieldWriter) {
        writer.string(cardID)
        writer.double(priority)
        writer.bool(isValid)
        writer.optional(payload) { $1.pack(into: &$0) }
        writer.optional(cardType) { $0.int($1.rawValue) }
        writer.optional(expiresAt) { $0.signed($1) }
        writer.optional(lastUpdatedAt) { $0.signed($1) }
        writer.optional(outageState) { $0.int($1.rawValue) }
        writer.optional(shouldForceSwitchStatusMode) { $0.bool($1) }
        writer.optional(statusModePriority) { $0.double($1) }
    }

    init(packed reader: inout PackedFieldReader) throws(PackedFieldError) {
        self.init(
            cardID: try reader.string(), priority: try reader.double(), isValid: try reader.bool(),
            payload: try reader.optional { reader throws(PackedFieldError) in try TrackerCardPayload(packed: &reader) },
            cardType: try reader.optional { reader throws(PackedFieldError) in CardType(rawValue: try reader.int()) ?? .unknown },
            expiresAt: try reader.optional { reader throws(PackedFieldError) in try reader.signed() },
            lastUpdatedAt: try reader.optional { reader throws(PackedFieldError) in try reader.signed() },
            outageState: try reader.optional { reader throws(PackedFieldError) in OutageState(rawValue: try reader.int()) ?? .unknown },
            shouldForceSwitchStatusMode: try reader.optional { reader throws(PackedFieldError) in try reader.bool() },
            statusModePriority: try reader.optional { reader throws(PackedFieldError) in try reader.double() }
        )
    }
}

extension TrackerCardPayload {
    /// The kind's number in packed cards: fixed, whatever the order of `TrackerCardKind`'s cases.
    private var packedKind: UInt {
        switch self {
        case .recentTrips: 1
        case .dailyEarnings: 2
        case .weeklyEarnings: 3
        case .dxgyProgress: 4
        case .dxgyCompletion: 5
        case .consecutiveTripsProgress: 6
        case .consecutiveTripsCompletion: 7
        case .newDriverGuaranteeProgress: 8
        case .newDriverGuaranteeCompletion: 9
        case .loyaltyProgress: 10
        case .error: 11
        }
    }

    func pack(into writer: inout PackedFieldWriter) {
        writer.unsigned(packedKind)
        switch self {
        case .recentTrips(let card): card.pack(into: &writer)
        case .dailyEarnings(let card), .weeklyEarnings(let card): card.pack(into: &writer)
        case .dxgyProgress(let card), .consecutiveTripsProgress(let card): card.pack(into: &writer)
        case .dxgyCompletion(let card), .consecutiveTripsCompletion(let card), .newDriverGuaranteeCompletion(let card): card.pack(into: &writer)
        case .newDriverGuaranteeProgress(let card): card.pack(into: &writer)
        case .loyaltyProgress(let card): card.pack(into: &writer)
        case .error(let card): card.pack(into: &writer)
        }
    }

    init(packed reader: inout PackedFieldReader) throws(PackedFieldError) {
        switch try reader.unsigned() {
        case 1: self = .recentTrips(try TrackerRecentTripsCard(packed: &reader))
        case 2: self = .dailyEarnings(try TrackerPeriodEarningsCard(packed: &reader))
        case 3: self = .weeklyEarnings(try TrackerPeriodEarningsCard(packed: &reader))
        case 4: self = .dxgyProgress(try TrackerGoalProgressCard(packed: &reader))
        case 5: self = .dxgyCompletion(try TrackerGoalCompletionCard(packed: &reader))
        case 6: self = .consecutiveTripsProgress(try TrackerGoalProgressCard(packed: &reader))
        case 7: self = .consecutiveTripsCompletion(try TrackerGoalCompletionCard(packed: &reader))
        case 8: self = .newDriverGuaranteeProgress(try TrackerNewDriverGuaranteeProgressCard(packed: &reader))
        case 9: self = .newDriverGuaranteeCompletion(try TrackerGoalCompletionCard(packed: &reader))
        case 10: self = .loyaltyProgress(try TrackerLoyaltyProgressCard(packed: &reader))
        case 11: self = .error(try TrackerErrorCard(packed: &reader))
        case let other: throw reader.problem("payload kind \(other) is unknown")
        }
    }
}

extension TrackerRecentTripsCard {
    func pack(into writer: inout PackedFieldWriter) {
        writer.string(title)
        writer.string(formattedTotal)
        writer.string(formattedRequestAt)
        writer.string(vehicleStatusDescription)
        writer.string(callToAction)
        writer.string(bulletinTitle)
        writer.string(lastTripUuid)
        writer.money(total)
    }

    init(packed reader: inout PackedFieldReader) throws(PackedFieldError) {
        self.init(
            title: try reader.string(), formattedTotal: try reader.optionalString(), formattedRequestAt: try reader.optionalString(),
            vehicleStatusDescription: try reader.optionalString(), callToAction: try reader.optionalString(),
            bulletinTitle: try reader.optionalString(), lastTripUuid: try reader.optionalString(), total: try reader.optionalMoney()
        )
    }
}

extension TrackerPeriodEarningsCard {
    func pack(into writer: inout PackedFieldWriter) {
        writer.string(title)
        writer.string(formattedTotal)
        writer.money(total)
        writer.int(tripCount)
        writer.string(period)
    }

    init(packed reader: inout PackedFieldReader) throws(PackedFieldError) {
        self.init(
            title: try reader.string(), formattedTotal: try reader.optionalString(), total: try reader.optionalMoney(),
            tripCount: try reader.optionalInt(), period: try reader.optionalString()
        )
    }
}

extension TrackerGoalProgressCard {
    func pack(into writer: inout PackedFieldWriter) {
        writer.string(title)
        writer.string(programID)
        writer.int(completedTrips)
        writer.int(targetTrips)
        writer.string(formattedReward)
        writer.money(reward)
    }

    init(packed reader: inout PackedFieldReader) throws(PackedFieldError) {
        self.init(
            title: try reader.string(), programID: try reader.string(), completedTrips: try reader.int(), targetTrips: try reader.int(),
            formattedReward: try reader.optionalString(), reward: try reader.optionalMoney()
        )
    }
}

extension TrackerGoalCompletionCard {
    func pack(into writer: inout PackedFieldWriter) {
        writer.string(title)
        writer.string(programID)
        writer.string(bulletinTitle)
        writer.string(formattedReward)
        writer.money(reward)
    }

    init(packed reader: inout PackedFieldReader) throws(PackedFieldError) {
        self.init(
            title: try reader.string(), programID: try reader.string(), bulletinTitle: try reader.optionalString(),
            formattedReward: try reader.optionalString(), reward: try reader.optionalMoney()
        )
    }
}

extension TrackerNewDriverGuaranteeProgressCard {
    func pack(into writer: inout PackedFieldWriter) {
        writer.string(title)
        writer.string(programID)
        writer.int(completedTrips)
        writer.int(targetTrips)
        writer.string(formattedEarned)
        writer.money(earned)
        writer.string(formattedGuarantee)
        writer.money(guarantee)
    }

    init(packed reader: inout PackedFieldReader) throws(PackedFieldError) {
        self.init(
            title: try reader.string(), programID: try reader.string(), completedTrips: try reader.int(), targetTrips: try reader.int(),
            formattedEarned: try reader.optionalString(), earned: try reader.optionalMoney(),
            formattedGuarantee: try reader.optionalString(), guarantee: try reader.optionalMoney()
        )
    }
}

extension TrackerLoyaltyProgressCard {
    func pack(into writer: inout PackedFieldWriter) {
        writer.string(title)
        writer.string(tier)
        writer.int(points)
        writer.string(nextTier)
        writer.int(pointsToNextTier)
    }

    init(packed reader: inout PackedFieldReader) throws(PackedFieldError) {
        self.init(
            title: try reader.string(), tier: try reader.string(), points: try reader.int(),
            nextTier: try reader.optionalString(), pointsToNextTier: try reader.optionalInt()
        )
    }
}

extension TrackerErrorCard {
    func pack(into writer: inout PackedFieldWriter) {
        writer.string(title)
        writer.string(source.rawValue)
        writer.string(message)
    }

    init(packed reader: inout PackedFieldReader) throws(PackedFieldError) {
        let title = try reader.string()
        let name = try reader.string()
        guard let source = TrackerErrorSource(rawValue: name) else { throw reader.problem("error source \"\(name)\" is unknown") }
        self.init(title: title, source: source, message: try reader.optionalString())
    }
}
