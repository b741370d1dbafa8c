import ActionCards
import MembershipContract
import MembershipService
import MembershipSimulation
import XCTest

/// The survey: Continue is disabled until an option is chosen; Submit routes by the choice.
final class SurveyTests: XCTestCase {
    private func openSurvey() throws -> Harness {
        var harness = try Harness(screen: "manage")
        try harness.tap("end")
        try harness.tap("why")
        XCTAssertEqual(harness.session.screenIDs, ["manage", "end-membership", "survey"])
        return harness
    }

    private func continueEnabled(_ harness: Harness) -> Bool? {
        guard case .button(let button)? = harness.session.screen?.card("continue")?.content else { return nil }
        return button.isEnabled
    }

    func test_continueIsDisabled_untilAnOptionIsChosen() throws {
        var harness = try openSurvey()
        XCTAssertEqual(continueEnabled(harness), false)
        let early = try harness.tap("continue")
        XCTAssertEqual(early.of(TapIgnored.self).map(\.reason), ["disabled"])

        let choice = try harness.tap("reasons", option: "too-expensive")
        XCTAssertEqual(choice.of(CardDataChanged.self).map { "\($0.field)=\($0.value ?? "")" }, ["reasons=too-expensive"])
        XCTAssertEqual(choice.of(CardsUpdated.self).map(\.cardIDs), [["reasons"], ["continue"]])
        XCTAssertEqual(harness.session.data["reasons"], "too-expensive")
        XCTAssertEqual(continueEnabled(harness), true)
    }

    func test_submit_routesTooExpensive_toTheDiscountOffer() throws {
        var harness = try openSurvey()
        try harness.tap("reasons", option: "not-using")
        try harness.tap("reasons", option: "too-expensive")
        try harness.tap("continue")
        let answer = try harness.wait()
        XCTAssertEqual(harness.all(SurveySubmitted.self).map(\.answer), ["too-expensive"], "the service handled it when the request arrived")
        XCTAssertEqual(answer.of(ActionPerformed.self).first.map { "\($0.actionType)/\($0.role)" }, "replaceScreen/route")
        XCTAssertEqual(harness.session.screenIDs, ["manage", "end-membership", "discount-offer"])
    }

    func test_submit_routesOtherAnswers_byTheDefaultRoute() throws {
        var harness = try openSurvey()
        try harness.tap("reasons", option: "moving")
        try harness.tap("continue")
        try harness.wait()
        XCTAssertEqual(harness.session.screenIDs, ["manage", "end-membership"])
        XCTAssertEqual(harness.world.member("member-1").surveyAnswers, ["moving"])
    }

    func test_anUnknownOption_isIgnored() throws {
        var harness = try openSurvey()
        let step = try harness.tap("reasons", option: "bored")
        XCTAssertEqual(step.of(TapIgnored.self).map(\.reason), ["no option bored"])
        XCTAssertNil(harness.session.data["reasons"])
    }
}
