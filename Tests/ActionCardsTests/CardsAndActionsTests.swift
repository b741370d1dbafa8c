import ActionCards
import Foundation
import PlatformKit
import XCTest

/// Card and action models: decoding, unknown cards, completion nesting, UpdateCards, rendering.
final class CardsAndActionsTests: XCTestCase {
    let screenJSON = """
    {"screenID": "s", "analyticsID": "s.v1",
     "mainCards": [
       {"id": "t", "type": "richText", "text": "Hello {{name}}"},
       {"id": "x", "type": "hologram", "depth": 3},
       {"id": "y", "type": "hologram", "fallback": {"id": "ignored", "type": "button", "title": "Flat"}},
       {"id": "go", "type": "button", "title": "Go", "action": {"type": "cancelMembership",
          "success": {"type": "navigateBack", "success": {"type": "reload"}},
          "failure": {"type": "showAlert", "title": "No"}}}
     ],
     "bottomCards": [{"id": "b", "type": "button", "title": "Bottom", "enabled": false}]}
    """

    func decode() throws -> CardScreenPresentation {
        try JSONDecoder().decode(CardScreenPresentation.self, from: Data(screenJSON.utf8))
    }

    func test_unknownCardTypes_decode_asUnknown_orAsTheirFallback() throws {
        let screen = try decode()
        XCTAssertEqual(screen.card("x")?.content, .unknown(type: "hologram"))
        XCTAssertEqual(screen.card("y")?.content.type, "button")
        XCTAssertEqual(screen.card("y")?.replacedType, "hologram")
        let text = CardScreenPresenter(width: 41).render(screen)
        XCTAssertTrue(text.contains("  (skipped x: unknown card type hologram)\n"), text)
        XCTAssertTrue(CardScreenPresenter(width: 40).render(screen).contains("  (skipped x: unknown card type\n  hologram)\n"), "wrapped to the width")
        XCTAssertTrue(text.contains("[ Flat ]"), text)
        XCTAssertTrue(text.contains("[ Bottom ] (disabled)"), text)
    }

    func test_unknownCards_areReported_andIgnoredWhenTapped() throws {
        let screen = try decode()
        let session = ActionCardSession(member: "member-1", app: "eats", chain: ActionFlowChain([CoreActionFlowProvider()]), screens: .fixed(["s": screen]), at: start)
        let opened = try session.open("s", at: start)
        XCTAssertEqual(opened.of(UnknownCardReported.self).map { "\($0.cardID):\($0.replacedByFallback)" }, ["x:false", "y:true"])
        XCTAssertFalse(opened.of(CardImpression.self).contains { $0.cardID == "x" })
        XCTAssertEqual(try session.tap("x", at: start).of(TapIgnored.self).map(\.reason), ["unknown card type hologram"])
        let unhandled = try session.tap("go", at: start)
        XCTAssertEqual(unhandled.of(ActionUnhandled.self).map(\.actionType), ["cancelMembership"], "no provider in this chain knows it")
    }

    func test_completionActions_nestToAnyDepth_andRoundTrip() throws {
        let action = try XCTUnwrap(try decode().card("go")?.action)
        XCTAssertEqual(action.success?.type, .navigateBack)
        XCTAssertEqual(action.success?.success?.type, .reload)
        XCTAssertEqual(action.failure?.title, "No")
        XCTAssertEqual(action.compactDescription, "cancelMembership ✓navigateBack ✓reload ✗showAlert")
        let again = try JSONDecoder().decode(Action.self, from: JSONEncoder().encode(action))
        XCTAssertEqual(again, action)
        let screen = try decode()
        XCTAssertEqual(try JSONDecoder().decode(CardScreenPresentation.self, from: JSONEncoder().encode(screen)), screen)
    }

    func test_updateCards_isAllOrNothing() throws {
        let screen = try decode()
        XCTAssertNil(screen.updating([CardUpdate(id: "b", enabled: true), CardUpdate(id: "missing", text: "x")]))
        let updated = try XCTUnwrap(screen.updating([CardUpdate(id: "b", enabled: true), CardUpdate(id: "t", text: "Bye")]))
        XCTAssertEqual(updated.card("b")?.content, .button(ButtonCard(title: "Bottom", enabled: true, style: nil)))
        XCTAssertEqual(updated.card("t")?.content, .richText(RichTextCard(text: "Bye", style: nil)))

        let update = Action(.updateCards, updates: [CardUpdate(id: "b", enabled: true), CardUpdate(id: "missing", enabled: true)], failure: Action(.showToast, message: "failed"))
        var patched = screen
        patched.mainCards[0].action = update
        let session = ActionCardSession(member: "member-1", app: "eats", chain: ActionFlowChain([CoreActionFlowProvider()]), screens: .fixed(["s": patched]), at: start)
        _ = try session.open("s", at: start)
        let step = try session.tap("t", at: start)
        XCTAssertEqual(step.of(FlowCompleted.self).first?.succeeded, false)
        XCTAssertTrue(step.of(CardsUpdated.self).isEmpty)
        XCTAssertEqual(session.screen?.card("b")?.content, screen.card("b")?.content, "nothing was applied")
        XCTAssertEqual(step.of(UserNotified.self).map(\.text), ["failed"])
    }

    func test_templates_fillPlaceholders_andDropCardsWhoseConditionsFail() throws {
        var screen = try decode()
        screen.mainCards[3].visibleWhen = ["status:active"]
        let resolved = ScreenTemplate(facts: ["status:none"], values: ["name": "Ada"]).resolve(screen)
        XCTAssertEqual(resolved.card("t")?.content, .richText(RichTextCard(text: "Hello Ada", style: nil)))
        XCTAssertNil(resolved.card("go"))
        XCTAssertEqual(ScreenTemplate(facts: [], values: [:]).fill("a {{b}} c"), "a {{b}} c")
        let template = ScreenTemplate(facts: [], values: ["a": "1", "b": "é2"])
        for (text, filled) in [("{{a}}{{b}}", "1é2"), ("{{", "{{"), ("x{{a", "x{{a"), ("}}{{a}}{", "}}1{"), ("é{{b}}é{a}", "éé2é{a}"), ("{{{a}}}", "{{{a}}}"), ("", "")] {
            XCTAssertEqual(template.fill(text), filled, text)
        }
    }

    func test_aNamedActionThatPerformsItself_isCutAtTheMaximumDepth() throws {
        var screen = try decode()
        screen.actions = ["loop": Action(.perform, field: "loop")]
        screen.mainCards[0].action = Action(.perform, field: "loop")
        let session = ActionCardSession(member: "member-1", app: "eats", chain: ActionFlowChain([CoreActionFlowProvider()]), screens: .fixed(["s": screen]), at: start)
        _ = try session.open("s", at: start)
        let step = try session.tap("t", at: start)
        XCTAssertTrue(step.of(FlowCompleted.self).contains { $0.detail.contains("deeper than") })
    }
}
