import ActionCards
import EventLogTestSupport
import Foundation
import Membership
import XCTest

/// The display-config checks, on the real fixtures and on broken ones.
final class DisplayConfigValidatorTests: XCTestCase {
    let validator = DisplayConfigValidator(knownActions: MembershipApp.knownActions)

    func test_theMembershipFixtures_are16ValidScreens() throws {
        XCTAssertEqual(Fixtures.catalog.screens.count, 16)
        XCTAssertEqual(try validator.validate(directory: Fixtures.directory), [])
        let actionTypes = Set(Fixtures.catalog.screens.values.flatMap { $0.allCards.flatMap(\.actionsDeep) }.map(\.type))
        XCTAssertGreaterThanOrEqual(actionTypes.count, 28, "the screens use about thirty actions")
    }

    func test_brokenConfigs_reportEveryProblem_withFileAndJSONPath() throws {
        let directory = TemporaryDirectory()
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: directory.url.appendingPathComponent(name))
        }
        try write("a.json", """
        {"screenID": "a", "analyticsID": "a", "metadata": {"entry": "true"}, "mainCards": [
          {"id": "x", "type": "hologram"},
          {"id": "y", "type": "button", "title": "Go", "action": {"type": "navigateToScreen", "screen": "nowhere",
             "success": {"type": "teleport"}}},
          {"id": "y", "type": "button", "title": "Loop", "action": {"type": "perform", "field": "ping"}},
          {"id": "gap", "type": "spacer", "height": 9223372036854775807}
        ], "actions": {"ping": {"type": "perform", "field": "pong"}, "pong": {"type": "reload", "success": {"type": "perform", "field": "ping"}}}}
        """)
        try write("b.json", """
        {"screenID": "b", "analyticsID": "b", "mainCards": []}
        """)
        try write("c.json", """
        {"screenID": "c", "analyticsID": "c", "mainCards": [{"id": "z", "type": "button"}]}
        """)
        let problems = try validator.validate(directory: directory.url.path).map { "\(($0.file as NSString).lastPathComponent) \($0.path): \($0.message)" }
        XCTAssertEqual(problems, [
            "c.json $.mainCards[0].title: missing field",
            "a.json $.mainCards[0].type: unknown card type hologram",
            "a.json $.mainCards[1].action.screen: target screen nowhere does not exist",
            "a.json $.mainCards[1].action.success.type: unknown action type teleport",
            "a.json $.mainCards[2].id: duplicate card id y",
            "a.json $.mainCards[3].height: must be 0 to 400 points",
            "a.json $.actions.ping: completion chain loops forever: ping → pong → ping",
            "a.json $.actions.pong: completion chain loops forever: pong → ping → pong",
            "b.json $.screenID: screen b is unreachable from the entry screens",
        ])
        // Drawn anyway (a client never trusts a server's sizes), at the tallest height.
        let screen = try ScreenCatalog.decodeScreen(file: directory.url.appendingPathComponent("a.json").path)
        guard case .spacer(let spacer) = screen.mainCards[3].content else { return XCTFail("not a spacer") }
        XCTAssertEqual(spacer.lines(width: 40).count, SpacerCard.maximumHeight / 8)
    }

    /// A card `id: ""` and a title holding an escape sequence passed validation; the escape then
    /// reached the terminal raw. A bidi override reorders the rest of the terminal's line.
    func test_emptyCardIDs_andTextThatWouldMoveTheCursorOrReorderTheLine_areProblems() throws {
        let directory = TemporaryDirectory()
        try Data(#"""
        {"screenID": "a", "analyticsID": "a\u001b", "title": "Plans\u2029", "metadata": {"entry": "true"}, "mainCards": [
          {"id": "", "type": "button", "title": "Go"},
          {"id": "end", "type": "message", "title": "Cancel\u001b[2J", "body": "line\nbreak"},
          {"id": "l", "type": "list", "items": [{"id": "i", "title": "ok", "subtitle": "txt.exe\u202E"}]},
          {"id": "o", "type": "radioOptionGroup", "options": [{"id": "x", "label": "\u2066x"}]},
          {"id": "fine", "type": "richText", "text": "Pick\u200bup 特典 🚕 e\u0301"}
        ]}
        """#.utf8).write(to: directory.url.appendingPathComponent("a.json"))
        let problems = try validator.validate(directory: directory.url.path).map { "\(($0.file as NSString).lastPathComponent) \($0.path): \($0.message)" }
        XCTAssertEqual(problems, [
            "a.json $.analyticsID: control character U+001B in the screen's analyticsID on screen a",
            "a.json $.title: control character U+2029 in the screen's title on screen a",
            "a.json $.mainCards[0].id: empty card id",
            "a.json $.mainCards[1].title: control character U+001B in card end on screen a",
            "a.json $.mainCards[1].body: control character U+000A in card end on screen a",
            "a.json $.mainCards[2].items[0].subtitle: control character U+202E in card l on screen a",
            "a.json $.mainCards[3].options[0].label: control character U+2066 in card o on screen a",
        ])
    }

    /// Valid JSON nested deeper than Foundation's parser allows was reported as "malformed JSON".
    func test_aScreenNestedTooDeeply_isSaidToBe_notMalformed() throws {
        let directory = TemporaryDirectory()
        let depth = 3_000
        let action = String(repeating: #"{"type": "reload", "success": "#, count: depth) + #"{"type": "reload"}"# + String(repeating: "}", count: depth)
        let file = directory.url.appendingPathComponent("deep.json").path
        try Data(#"{"screenID": "a", "analyticsID": "a", "mainCards": [{"id": "b", "type": "button", "title": "x", "action": \#(action)}]}"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try ScreenCatalog.decodeScreen(file: file)) { error in
            XCTAssertEqual("\(error)", "\(file): $: nested too deeply (more than 512 arrays and objects inside each other)")
        }
    }

    /// A stale copy of a screen was taken silently for the screen (the last file read won).
    func test_twoFilesOfOneScreen_andADirectoryWithoutScreens_areRefused() throws {
        let directory = TemporaryDirectory()
        let entry = #"{"screenID": "a", "analyticsID": "a", "metadata": {"entry": "true"}, "mainCards": []}"#
        try Data(entry.utf8).write(to: directory.url.appendingPathComponent("a.json"))
        try Data(entry.utf8).write(to: directory.url.appendingPathComponent("zz-copy.json"))
        let problems = try validator.validate(directory: directory.url.path).map { "\(($0.file as NSString).lastPathComponent) \($0.path): \($0.message)" }
        XCTAssertEqual(problems, ["zz-copy.json $.screenID: duplicate screen id a (also in a.json)"])
        XCTAssertThrowsError(try ScreenCatalog.load(directory: directory.url.path)) { error in
            XCTAssertTrue("\(error)".hasSuffix("zz-copy.json: $.screenID: duplicate screen id a (also in a.json)"), "\(error)")
        }

        // A fraction where a whole number belongs: Foundation's decoder names no path for it.
        try Data(#"{"screenID": "a", "analyticsID": "a", "mainCards": [{"id": "s", "type": "spacer", "height": 2.5}]}"#.utf8)
            .write(to: directory.url.appendingPathComponent("zz-copy.json"))
        XCTAssertThrowsError(try ScreenCatalog.load(directory: directory.url.path)) { error in
            XCTAssertTrue("\(error)".hasSuffix("zz-copy.json: $.mainCards[0].height: expected a whole number"), "\(error)")
        }

        let empty = TemporaryDirectory()
        let expected = "\(empty.url.path): no display configs (*.json) in this directory"
        XCTAssertEqual(try validator.validate(directory: empty.url.path).map(\.description), [expected])
        XCTAssertThrowsError(try ScreenCatalog.load(directory: empty.url.path)) { XCTAssertEqual("\($0)", expected) }
    }
}

extension Card {
    /// The card's actions and every action nested in them.
    var actionsDeep: [Action] {
        var actions: [Action] = action.map { [$0] } ?? []
        if case .list(let list) = content { actions += list.items.compactMap(\.action) }
        var all: [Action] = []
        while let next = actions.popLast() {
            all.append(next)
            actions += next.children
        }
        return all
    }
}
