import Earnings
import PlatformKit
import RealtimeAPI
import XCTest

/// What the merge says about cards of one ID, an outage's error card, and counts in card views.
final class TrackerMergeRulesTests: XCTestCase {
    let manager = TrackerDataManager()
    let now = at(3_600)

    /// "1 trip", not "1 trips", in every count a card view shows.
    func test_cardViews_countOneTripInTheSingular() {
        let goal = TrackerGoalProgressCard(title: "Streak", programID: "s", completedTrips: 0, targetTrips: 1)
        var streak = card("streak")
        streak.payload = .consecutiveTripsProgress(goal)
        var loyalty = card("loyalty")
        loyalty.payload = .loyaltyProgress(TrackerLoyaltyProgressCard(title: "Uber Pro", tier: "Gold", points: 1, nextTier: "Platinum", pointsToNextTier: 1))
        let details = manager.modes([TrackerCardStream(service: .incentives, cards: [streak, loyalty])], now: now).browse.sortedValidItems.map { $0.view().detail }
        XCTAssertEqual(details, ["Gold, 1 point, 1 to Platinum", "0 of 1 trip"])
    }
}
