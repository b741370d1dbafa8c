import Earnings
import Foundation
import PlatformKit
import RealtimeAPI

/// 2026-11-16T00:00:00Z, a Monday.
let monday = Instant(millisecondsSinceEpoch: 1_794_787_200_000)

func at(_ seconds: Int64) -> Instant { monday.advanced(by: .seconds(seconds)) }
func seconds(_ instant: Instant) -> TimestampInSec { instant.millisecondsSinceEpoch / 1_000 }
func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .usd) }

func card(
    _ id: String, priority: Double = 1, type: CardType? = .browse, valid: Bool = true, expiresAt: TimestampInSec? = nil,
    updated: TimestampInSec? = nil, force: Bool? = nil, status: Double? = nil, total: Int64 = 1_000
) -> TrackerCard {
    TrackerCard(
        cardID: id, priority: priority, isValid: valid,
        payload: .dailyEarnings(TrackerDailyEarningsCard(title: id, formattedTotal: "$\(total / 100).\(String(format: "%02d", total % 100))", total: usd(total))),
        cardType: type, expiresAt: expiresAt, lastUpdatedAt: updated, shouldForceSwitchStatusMode: force, statusModePriority: status
    )
}

func decodeCards(_ json: String) throws -> TrackerCardList {
    try JSONDecoder().decode(TrackerCardList.self, from: Data(json.utf8))
}

extension TrackerModes {
    var browseIDs: [String] { browse.sortedValidItems.map(\.card.cardID) }
    func reason(_ id: String) -> TrackerExclusionReason? { excluded.first { $0.cardID == id }?.reason }
}

/// A card with every field set.
let everyField = TrackerCard(
    cardID: "earnings.lastTrip", priority: 90.5, isValid: false,
    payload: .recentTrips(TrackerRecentTripsCard(
        title: "Last trip", formattedTotal: "$12.34", formattedRequestAt: "Completed 14:05", vehicleStatusDescription: "UberX",
        callToAction: "See trip history", bulletinTitle: "Trip processed", lastTripUuid: "trip-9", total: Money(minorUnits: 1_234, currency: .usd)
    )),
    cardType: .browseAndBulletin, expiresAt: 1_763_300_000, lastUpdatedAt: 1_763_290_000, outageState: .outage,
    shouldForceSwitchStatusMode: true, statusModePriority: 42.25
)

/// One payload of every variant.
let everyPayload: [TrackerCardPayload] = {
    let goal = TrackerGoalProgressCard(title: "Do 10 trips", programID: "q", completedTrips: 3, targetTrips: 10, formattedReward: "$15.00", reward: usd(1_500))
    let done = TrackerGoalCompletionCard(title: "Quest", programID: "q", bulletinTitle: "Done!", formattedReward: "$15.00", reward: usd(1_500))
    let period = TrackerPeriodEarningsCard(title: "Today", formattedTotal: "$1.00", total: usd(100), tripCount: 1, period: "2026-11-16")
    return [
        .recentTrips(TrackerRecentTripsCard(title: "Last trip")), .dailyEarnings(period), .weeklyEarnings(period),
        .dxgyProgress(goal), .dxgyCompletion(done), .consecutiveTripsProgress(goal), .consecutiveTripsCompletion(done),
        .newDriverGuaranteeProgress(TrackerNewDriverGuaranteeProgressCard(title: "G", programID: "g", completedTrips: 1, targetTrips: 20, earned: usd(5), guarantee: usd(30_000))),
        .newDriverGuaranteeCompletion(done),
        .loyaltyProgress(TrackerLoyaltyProgressCard(title: "Uber Pro", tier: "Gold", points: 30, nextTier: "Platinum", pointsToNextTier: 30)),
        .error(TrackerErrorCard(title: "Earnings are delayed", source: .earnings, message: "later")),
    ]
}()
