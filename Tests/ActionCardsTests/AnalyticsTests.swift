import ActionCards
import MembershipSimulation
import XCTest

/// Screen views, impressions (once per card per screen view) and taps, with no code per screen.
final class AnalyticsTests: XCTestCase {
    func test_impressions_areDeduplicatedPerScreenView() throws {
        var harness = try Harness(screen: "payment-methods")
        let cards = try XCTUnwrap(harness.session.screen?.allCards.map(\.id))
        let first = harness.steps[0].of(CardImpression.self)
        XCTAssertEqual(first.map(\.cardID), cards)
        XCTAssertEqual(Set(first.map(\.screenView)), [1])
        XCTAssertEqual(Set(first.map(\.analyticsID)), ["membership.payment-methods.v1"])

        let choose = try harness.tap("methods", option: "mastercard-5454")
        XCTAssertFalse(choose.of(CardsUpdated.self).isEmpty)
        XCTAssertTrue(choose.of(CardImpression.self).isEmpty, "updated cards were already seen in this screen view")
        try harness.tap("methods", option: "visa-4242")
        XCTAssertEqual(harness.all(CardImpression.self).count, cards.count)
    }

    func test_aNewScreenView_countsImpressionsAgain() throws {
        var harness = try Harness(screen: "manage")
        let firstView = harness.all(CardImpression.self).count
        try harness.tap("end")
        try harness.tap("keep")
        let views = harness.all(ScreenPresented.self)
        XCTAssertEqual(views.map(\.screenView), [1, 2, 3])
        XCTAssertEqual(harness.all(CardImpression.self).filter { $0.screenView == 3 }.count, firstView)
    }

    func test_taps_carryTheScreenAnalyticsID_andTheCardAnalyticsID() throws {
        var harness = try Harness(screen: "manage")
        try harness.tap("end")
        try harness.tap("cancel")
        XCTAssertEqual(harness.all(CardTapped.self).map(\.analyticsID), ["membership.manage.v1", "membership.end-membership.v1"])
        XCTAssertEqual(harness.all(CardTapped.self).map(\.cardAnalyticsID), ["manage.end", "end.cancel"])
    }

    func test_listRowTaps_nameTheRow() throws {
        var harness = try Harness(screen: "benefits")
        let step = try harness.tap("list", option: "rides")
        XCTAssertEqual(step.of(CardTapped.self).map(\.option), ["rides"])
        XCTAssertEqual(step.of(UserNotified.self).map(\.text), ["https://example.com/benefits/rides"])
        XCTAssertEqual(try harness.tap("nope").of(TapIgnored.self).map(\.reason), ["not on the screen"])
    }
}
