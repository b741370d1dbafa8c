import Earnings
import PlatformKit
import RealtimeAPI
import XCTest

/// What the merge says about cards of one ID, an outage's error card, and counts in card views.
final class TrackerMergeRulesTests: XCTestCase {
    let manager = TrackerDataManager()
    let now = at(3_600)

    /// Two versions at the same second: neither is newer, so the one left out is a duplicate
    /// (it was "superseded by a newer card"); a service's later card, else the earlier service's, is kept.
    func test_sameCardID_sameLastUpdatedAt_isADuplicate_notSuperseded() {
        let sameService = manager.modes([TrackerCardStream(service: .earnings, cards: [card("daily", updated: 5, total: 1), card("daily", updated: 5, total: 2)])], now: now)
        XCTAssertEqual(sameService.browse.sortedValidItems.map { $0.view().amount }, ["$0.02"], "the later card of a service is kept")
        XCTAssertEqual(sameService.excluded.map(\.reason), [.duplicate(keptFrom: .earnings)])
        XCTAssertEqual(sameService.excluded.first?.reason.description, "duplicate of the card kept from earnings: same lastUpdatedAt")

        let twoServices = manager.modes([
            TrackerCardStream(service: .incentives, cards: [card("daily", updated: 5, total: 1)]),
            TrackerCardStream(service: .earnings, cards: [card("daily", updated: 5, total: 2)]),
        ], now: now)
        XCTAssertEqual(twoServices.browse.sortedValidItems.map(\.service), [.incentives], "the earlier service's card is kept")
        XCTAssertEqual(twoServices.excluded, [TrackerExclusion(cardID: "daily", service: .earnings, reason: .duplicate(keptFrom: .incentives))])

        let newer = manager.modes([TrackerCardStream(service: .earnings, cards: [card("daily", updated: 6), card("daily", updated: 5)])], now: now)
        XCTAssertEqual(newer.excluded.map(\.reason), [.superseded(by: .earnings)])
    }

    /// "café" with U+00E9 and with "e" + U+0301 are two cards (they were merged, one "superseded"),
    /// whether the merge compares the IDs or indexes them (more than 32 cards).
    func test_cardIDs_areComparedByTheirBytes() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        for padding in [0, 40] {
            let others = (0..<padding).map { card("other-\($0)") }
            let result = manager.modes([TrackerCardStream(service: .earnings, cards: others + [card(composed, updated: 1), card(decomposed, updated: 2)])], now: now)
            let shown = result.browse.sortedValidItems.map(\.card.cardID).filter { $0.hasPrefix("caf") }
            XCTAssertEqual(shown.map { Array($0.utf8) }, [Array(decomposed.utf8), Array(composed.utf8)], "two cards, in byte order (e before U+00E9)")
            XCTAssertEqual(result.excluded, [])
        }
        var service = ServiceDataManager.realtimeEarnings
        service.receivePush([card(composed, updated: 1), card(decomposed, updated: 2)], at: now)
        XCTAssertEqual(service.cards.count, 2)
    }

    /// Each service's outage shows its own error card's text; a service the contract has no error
    /// card for shows none (it was told "Earnings are delayed"), its cards still stale.
    func test_outage_errorCardFitsTheService() {
        func status(_ service: TrackerService) -> (view: TrackerCardView?, modes: TrackerModes) {
            let modes = manager.modes([TrackerCardStream(service: service, cards: [card("cached", updated: seconds(at(10)), status: 1)], isInOutage: true, lastUpdatedAt: at(10))], now: now)
            return (modes.status.view, modes)
        }
        XCTAssertEqual(status(.earnings).view?.title, "Earnings are delayed")
        XCTAssertEqual(status(.incentives).view?.title, "Incentives are delayed")
        XCTAssertEqual(status("loyalty").view?.title, "Loyalty progress is delayed")
        XCTAssertEqual(status("newDriverGuarantee").view?.title, "New driver guarantee progress is delayed")
        let weird = status("weird")
        XCTAssertEqual(weird.modes.browseIDs, ["cached"])
        XCTAssertEqual(weird.view?.staleSince, "\(at(10))")
        XCTAssertEqual(weird.modes.browse.servicesInOutage, ["weird"])
    }

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
