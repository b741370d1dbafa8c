import PlatformKit
import RealtimeAPI

/// Builds the tracker cards of the earnings and incentives services from a driver's earnings,
/// with amounts formatted for the driver's locale. Card IDs are stable: `earnings.lastTrip`,
/// `earnings.daily`, `earnings.weekly`, `incentives.<program>`, `incentives.loyalty`, ….
public struct TrackerCardFactory: Sendable {
    public var calendar: EarningsCalendar
    public var locale: EarningsLocale
    public var loyaltyTiers: [LoyaltyTier]

    public init(calendar: EarningsCalendar, locale: EarningsLocale, loyaltyTiers: [LoyaltyTier] = LoyaltyTier.uberPro) {
        self.calendar = calendar
        self.locale = locale
        self.loyaltyTiers = loyaltyTiers
    }

    /// Last trip (Browse and Bulletin), today and this week (Browse, expiring at the period's end).
    public func earningsCards(_ driver: DriverEarnings, at instant: Instant) -> [TrackerCard] {
        let updated = seconds(instant)
        var cards: [TrackerCard] = []
        if let trip = driver.lastTrip {
            let payload = TrackerRecentTripsCard(
                title: "Last trip", formattedTotal: locale.format(trip.fare), formattedRequestAt: "Completed \(calendar.timeLabel(trip.at))",
                callToAction: "See trip history", bulletinTitle: "Trip processed", lastTripUuid: trip.tripID, total: trip.fare
            )
            cards.append(TrackerCard(
                cardID: "earnings.lastTrip", priority: 90, payload: .recentTrips(payload), cardType: .browseAndBulletin,
                lastUpdatedAt: updated, outageState: .normal, statusModePriority: 50
            ))
        }
        let day = calendar.day(of: instant)
        let today = driver.dailyTotal(at: instant, calendar: calendar)
        cards.append(TrackerCard(
            cardID: "earnings.daily", priority: 80,
            payload: .dailyEarnings(TrackerDailyEarningsCard(
                title: "Today", formattedTotal: locale.format(today), total: today, tripCount: driver.dailyTrips[day] ?? 0,
                period: calendar.dayLabel(day)
            )),
            cardType: .browse, expiresAt: seconds(calendar.start(ofDay: day + 1)), lastUpdatedAt: updated,
            outageState: .normal, statusModePriority: 100
        ))
        let week = calendar.week(of: instant)
        let thisWeek = driver.weeklyTotal(at: instant, calendar: calendar)
        cards.append(TrackerCard(
            cardID: "earnings.weekly", priority: 70,
            payload: .weeklyEarnings(TrackerWeeklyEarningsCard(
                title: "This week", formattedTotal: locale.format(thisWeek), total: thisWeek, tripCount: driver.weeklyTrips[week] ?? 0,
                period: calendar.dayLabel(week * 7 - 3)
            )),
            cardType: .browse, expiresAt: seconds(calendar.start(ofWeek: week + 1)), lastUpdatedAt: updated,
            outageState: .normal, statusModePriority: 40
        ))
        return cards
    }

    /// Progress of every running program (completed quests and guarantees are pushed invalid, which removes
    /// them), a completion Bulletin for each payout in `earned`, and the loyalty card (a Bulletin too
    /// when the driver reached a new tier). A program has one completion card, which each payout
    /// updates: a streak completed again replaces its last Bulletin, not adds one a day to every
    /// driver's cache.
    public func incentiveCards(_ driver: DriverEarnings, at instant: Instant, earned: [IncentiveEarned] = [], previousPoints: Int? = nil) -> [TrackerCard] {
        let updated = seconds(instant)
        let paid = Set(earned.map(\.programID))
        var cards = driver.programs
            .filter { (!$0.isCompleted || paid.contains($0.program.id)) && ($0.program.endsAt.map { instant < $0 } ?? true) }
            .map { progressCard($0, driver: driver, updated: updated) }
        for payout in earned {
            guard let progress = driver.progress(payout.programID) else { continue }
            let program = progress.program
            let completion = TrackerGoalCompletionCard(
                title: program.title, programID: program.id, bulletinTitle: program.completionTitle,
                formattedReward: locale.format(payout.reward), reward: payout.reward
            )
            let payload: TrackerCardPayload = switch program.kind {
            case .quest: .dxgyCompletion(completion)
            case .consecutiveTrips: .consecutiveTripsCompletion(completion)
            case .newDriverGuarantee: .newDriverGuaranteeCompletion(completion)
            }
            cards.append(TrackerCard(
                cardID: "incentives.\(program.id).completed", priority: 100, payload: payload,
                cardType: .bulletin, expiresAt: updated + 86_400, lastUpdatedAt: updated, outageState: .normal
            ))
        }
        if let loyalty = loyaltyCard(points: driver.loyaltyPoints, previousPoints: previousPoints, updated: updated) { cards.append(loyalty) }
        return cards
    }

    private func progressCard(_ progress: ProgramProgress, driver: DriverEarnings, updated: TimestampInSec) -> TrackerCard {
        let program = progress.program
        let goal = TrackerGoalProgressCard(
            title: program.title, programID: program.id, completedTrips: progress.completedTrips,
            targetTrips: program.targetTrips, formattedReward: locale.format(program.amount), reward: program.amount
        )
        let (payload, priority): (TrackerCardPayload, Double) = switch program.kind {
        case .quest: (.dxgyProgress(goal), 60)
        case .consecutiveTrips: (.consecutiveTripsProgress(goal), 55)
        case .newDriverGuarantee:
            (.newDriverGuaranteeProgress(TrackerNewDriverGuaranteeProgressCard(
                title: program.title, programID: program.id, completedTrips: progress.completedTrips,
                targetTrips: program.targetTrips, formattedEarned: locale.format(driver.money(progress.earnedMinorUnits)),
                earned: driver.money(progress.earnedMinorUnits), formattedGuarantee: locale.format(program.amount), guarantee: program.amount
            )), 65)
        }
        let oneToGo = program.kind == .quest && progress.completedTrips == program.targetTrips - 1
        return TrackerCard(
            cardID: "incentives.\(program.id)", priority: priority, isValid: !progress.isCompleted, payload: payload,
            cardType: .browse, expiresAt: program.endsAt.map(seconds), lastUpdatedAt: updated, outageState: .normal,
            shouldForceSwitchStatusMode: oneToGo ? true : nil, statusModePriority: priority
        )
    }

    private func loyaltyCard(points: Int, previousPoints: Int?, updated: TimestampInSec) -> TrackerCard? {
        guard let tier = loyaltyTiers.last(where: { $0.points <= points }) else { return nil }
        let next = loyaltyTiers.first { $0.points > points }
        let reachedTier = previousPoints.map { $0 < tier.points } ?? false
        return TrackerCard(
            cardID: "incentives.loyalty", priority: 30,
            payload: .loyaltyProgress(TrackerLoyaltyProgressCard(
                title: "Uber Pro", tier: tier.name, points: points, nextTier: next?.name, pointsToNextTier: next.map { $0.points - points }
            )),
            cardType: reachedTier ? .browseAndBulletin : .browse, lastUpdatedAt: updated, outageState: .normal, statusModePriority: 10
        )
    }

    private func seconds(_ instant: Instant) -> TimestampInSec {
        instant.timestampInSec
    }
}

extension IncentiveProgram {
    /// "Quest: do 10 trips", "Streak: 3 trips in a row", "Guarantee: first 20 trips". No amounts:
    /// those go in the payload's amount fields, which Privacy Mode masks.
    var title: String {
        switch kind {
        case .quest: "Quest: do \(targetTrips.counted("trip"))"
        case .consecutiveTrips: "Streak: \(targetTrips.counted("trip")) in a row"
        case .newDriverGuarantee: "Guarantee: first \(targetTrips.counted("trip"))"
        }
    }

    var completionTitle: String {
        switch kind {
        case .quest: "Quest complete!"
        case .consecutiveTrips: "Streak complete!"
        case .newDriverGuarantee: "Guarantee complete!"
        }
    }
}
