import ActionCards
import EventLog
import Membership
import MembershipContract
import MembershipService
import MembershipSimulation
import PlatformKit
import XCTest

/// The membership service behind the screens: purchases (which can fail), trials, offers, and replay.
final class MembershipTests: XCTestCase {
    func test_purchase_withADeclinedCard_showsTheFailureScreen_thenSucceedsWithAnotherCard() throws {
        var harness = try Harness(status: nil, screen: "hub")
        try harness.tap("join")
        try harness.tap("plan-list", option: "annual")
        XCTAssertEqual(harness.session.screenIDs, ["hub", "plans", "checkout"])
        try harness.tap("payment")
        try harness.tap("methods", option: "visa-0002")
        try harness.tap("use-method")
        try harness.wait()
        XCTAssertEqual(harness.value(of: "payment"), "visa-0002", "back on checkout, reloaded")

        try harness.tap("purchase")
        try harness.wait()
        XCTAssertEqual(harness.session.screenIDs.last, "purchase-failed")
        XCTAssertEqual(harness.all(PurchaseDeclined.self).count, 1)

        try harness.tap("change-payment")
        try harness.tap("methods", option: "visa-4242")
        try harness.tap("use-method")
        try harness.wait()
        XCTAssertEqual(harness.session.screenIDs, ["hub", "plans", "checkout"], "the completion chain went back to checkout")
        try harness.tap("purchase")
        try harness.wait()
        XCTAssertEqual(harness.session.screenIDs, ["hub", "plans", "purchase-success"])
        XCTAssertEqual(harness.world.member("member-1").status, .active)
        XCTAssertEqual(harness.world.member("member-1").spentMinorUnits, 9_600)
        XCTAssertEqual(harness.all(MembershipPurchased.self).map(\.description), ["membership: member-1 bought annual (purchase) for USD 96.00 with visa-4242"])
        try harness.tap("close")
        XCTAssertEqual(harness.session.screenIDs, ["hub"])
        XCTAssertNil(harness.session.screen?.card("join"), "the hub reloaded for a member")
    }

    func test_freeTrial_isOfferedOnce() throws {
        var harness = try Harness(status: nil, screen: "hub")
        try harness.tap("trial")
        try harness.tap("start")
        try harness.wait()
        XCTAssertEqual(harness.session.screenIDs, ["hub", "trial-started"])
        XCTAssertEqual(harness.world.member("member-1").status, .trial)
        try harness.tap("close")
        XCTAssertNil(harness.session.screen?.card("trial"))
        XCTAssertEqual(MembershipRules.decide(.startFreeTrial(member: "member-1", plan: "monthly"), state: harness.world.server.state).failureReason, "free trial not available")
    }

    func test_expiredMember_claimsTheWinBackOffer_atHalfPrice_once() throws {
        var harness = try Harness(status: .expired, screen: "expired-offers")
        try harness.tap("offers", option: "winback")
        try harness.wait()
        XCTAssertEqual(harness.session.screenIDs, ["purchase-success"])
        XCTAssertEqual(harness.world.member("member-1").spentMinorUnits, 499)
        XCTAssertEqual(MembershipRules.decide(.claimOffer(member: "member-1", offer: "winback-50"), state: harness.world.server.state).failureReason, "offer winback-50 already claimed")
    }

    func test_cancelledMember_renews_throughANamedCompletionAction() throws {
        var harness = try Harness(status: .cancelled, screen: "manage")
        try harness.tap("renew")
        try harness.tap("renew")
        try harness.wait()
        XCTAssertEqual(harness.session.screenIDs, ["manage"])
        XCTAssertEqual(harness.value(of: "status"), "Active")
    }

    func test_replayingTheLog_rebuildsTheServiceState_andTheSessionStack() throws {
        var harness = try Harness(screen: "manage")
        try harness.tap("end")
        try harness.tap("why")
        try harness.tap("reasons", option: "moving")
        try harness.tap("continue")
        try harness.tap("cancel", after: 2_000)
        try harness.wait()
        try harness.tap("payment")
        let members = try MembershipProjection().replay(harness.log, snapshots: nil, upTo: nil).state
        XCTAssertEqual(members, harness.world.server.state)
        let cards = try ActionCardsProjection().replay(harness.log, snapshots: nil, upTo: nil).state
        XCTAssertEqual(cards.sessions["actioncards-member-1"]?.screens, harness.session.screenIDs)
        XCTAssertEqual(cards.sessions["actioncards-member-1"]?.data["reasons"], "moving")
        XCTAssertEqual(cards.taps["membership.manage.v1"], 2)
        XCTAssertEqual(cards.impressions.values.reduce(0, +), harness.all(CardImpression.self).count)
        let registry = MembershipWorld.registry
        for event in try harness.log.events() { XCTAssertNotNil(try registry.decode(event), event.type) }
    }

    func test_sameSeedAndTaps_giveTheSameEvents() throws {
        func run() throws -> [NewEvent] {
            let conditions = NetworkConditions(latencyMilliseconds: 20...400, lossProbability: 0.2)
            var harness = try Harness(screen: "manage", conditions: conditions, encodesMessages: false)
            for card in ["end", "cancel", "cancel", "keep", "payment"] { try harness.tap(card, after: 150) }
            try harness.wait()
            return try harness.steps.flatMap(\.events).map { try $0.event.newEvent(stream: $0.stream) }
        }
        XCTAssertEqual(try run(), try run())
    }
}

extension Result {
    var failureReason: String? {
        guard case .failure(let error) = self else { return nil }
        return (error as? Refusal)?.reason
    }
}

/// Text fields feed the ActionCardData; promo codes are checked by the service.
final class PromoCodeTests: XCTestCase {
    func test_aTypedPromoCode_isApplied_once() throws {
        var harness = try Harness(status: nil, screen: "checkout")
        harness.now = harness.now.plus(100)
        try harness.steps.append(harness.session.enterText("eats10", into: "promo", at: harness.now))
        XCTAssertEqual(harness.session.data["promo"], "eats10")
        guard case .textField(let field)? = harness.session.screen?.card("promo")?.content else { return XCTFail("no promo field") }
        XCTAssertEqual(field.text, "eats10")
        try harness.tap("apply-promo")
        XCTAssertEqual(try harness.wait().of(UserNotified.self).map(\.text), ["Code applied"])
        try harness.tap("apply-promo")
        XCTAssertEqual(try harness.wait().of(UserNotified.self).map(\.text), ["Code not applied: Check the code and try again"])
        XCTAssertEqual(harness.world.member("member-1").promoCodes, ["EATS10"])
    }
}
