import ActionCards
import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import MembershipSimulation
import PlatformKit
import XCTest

/// The `actioncards` binary end to end: output, exit status, and one clear line for bad input.
final class ActionCardsCLITests: XCTestCase {
    let directory = TemporaryDirectory()
    var tool: String { productsDirectory().appendingPathComponent("actioncards").path }
    let screens = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/actioncards/membership").path

    func actioncards(_ arguments: String...) throws -> (status: Int32, output: String, error: String) {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: tool), "build the tools first (`swift build`)")
        return try runProcess(tool, arguments)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let path = directory.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func test_render_drawsMainCardsThenPinnedCards_withCompactActions() throws {
        let result = try actioncards("render", screens + "/end-membership.json", "--width", "50")
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "== End membership (membership.end-membership.v1) …")
        let pinned = try XCTUnwrap(lines.firstIndex { $0.hasSuffix(" pinned") })
        XCTAssertLessThan(try XCTUnwrap(lines.firstIndex { $0.contains("You'll lose your benefits") }), pinned)
        XCTAssertEqual(Array(lines[(pinned + 2)...(pinned + 3)]), ["    #cancel → cancelMembership ✓navigateBack", "      ✓reload ✗showAlert"], result.output)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 50 }, result.output)
    }

    func test_validate_acceptsTheFixtures_andNamesEveryProblem() throws {
        let good = try actioncards("validate", screens)
        XCTAssertEqual(good.status, 0, good.error)
        XCTAssertEqual(good.output, "16 screens, no problems\n")

        let broken = directory.path("broken")
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        try Data(#"{"screenID": "a", "analyticsID": "a", "metadata": {"entry": "true"}, "mainCards": [{"id": "b", "type": "button", "title": "x", "action": {"type": "navigateToScreen", "screen": "zz"}}]}"#.utf8)
            .write(to: URL(fileURLWithPath: broken + "/a.json"))
        let bad = try actioncards("validate", broken)
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.output, "\(broken)/a.json: $.mainCards[0].action.screen: target screen zz does not exist\n")
        XCTAssertEqual(bad.error, "actioncards: 1 problem in 1 screen\n")
    }

    func test_run_printsTheCancelChain_andTheMembershipAtTheEnd() throws {
        let taps = try file("cancel.taps", "tap end\ntap cancel\n+10 tap cancel   # double submit\nwait 500\n")
        let result = try actioncards("run", "--app", "eats", "--start", "manage", "--taps", taps, "--screens", screens)
        XCTAssertEqual(result.status, 0, result.error)
        let expected = [
            "[+2.010s] tap cancel ignored: pending",
            "[+2.240s] flow cancelMembership by membership: success — membership: member-1 cancelled",
            "[+2.240s] screen manage [membership.manage.v1] back, depth 1, view #3",
            "[+2.240s] screen manage [membership.manage.v1] reload, depth 1, view #4",
            "== membership of member-1: cancelled, plan monthly, pays with visa-4242, auto-renew off, 0 purchases (0 cents), 0 declined",
        ]
        for line in expected { XCTAssertTrue(result.output.contains(line + "\n"), "missing \(line) in\n\(result.output)") }
        // The same taps with Windows line ends and a tab between words: the same run.
        let windows = try file("cancel-windows.taps", "tap\tend\r\ntap cancel\r\n+10 tap cancel   # double submit\r\nwait 500\r\n")
        XCTAssertEqual(try actioncards("run", "--app", "eats", "--start", "manage", "--taps", windows, "--screens", screens).output, result.output)
        // Without --screens, from outside the repository: the build's repository's screens.
        let elsewhere = try runProcess(tool, ["run", "--app", "eats", "--start", "manage", "--taps", taps], directory: directory.url.path)
        XCTAssertEqual(elsewhere.output, result.output, elsewhere.error)
    }

    func test_run_inRides_reportsTheEatsOnlyAction_asJSON_andWritesTheLog() throws {
        let taps = try file("hub.taps", "tap eats-store\ntap pass-ride\n")
        let log = directory.path("run.sqlite")
        let result = try actioncards("run", "--app", "rides", "--start", "hub", "--taps", taps, "--screens", screens, "--json", "--log", log)
        XCTAssertEqual(result.status, 0, result.error)
        let objects = try result.output.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let unhandled = try XCTUnwrap(objects.first { $0["type"] as? String == "actioncards.action.unhandled" })
        XCTAssertEqual(unhandled["event"] as? [String: String], ["screenID": "hub", "cardID": "eats-store", "actionType": "openEatsStore", "app": "rides"])
        XCTAssertEqual((objects.last?["membership"] as? [String: Any])?["status"] as? String, "active")

        let stored = try SQLiteEventLog(path: log, clock: .live).events()
        XCTAssertEqual(stored.count, objects.count - 1, "every printed event is in the log")
        let registry = MembershipWorld.registry
        XCTAssertTrue(try stored.allSatisfy { try registry.decode($0) != nil })

        // The same member again into that log: its membership and sessions are there already;
        // another member joins it.
        let again = try actioncards("run", "--app", "rides", "--start", "hub", "--taps", taps, "--screens", screens, "--log", log)
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.error, "actioncards: \(log) already has events for member-1; use a new log file or another --member\n")
        XCTAssertEqual(try SQLiteEventLog(path: log, clock: .live).events().count, stored.count)
        let other = try actioncards("run", "--app", "rides", "--start", "hub", "--taps", taps, "--screens", screens, "--log", log, "--member", "member-2")
        XCTAssertEqual(other.status, 0, other.error)
    }

    /// `inspect` reads a member's session and membership back from `run --log`'s log: the same
    /// lines the run printed.
    func test_inspect_readsTheRunBackFromItsLog() throws {
        let taps = try file("cancel.taps", "tap cancel\ntap reason-too-expensive\nwait 3000\n")
        let log = directory.path("inspect.sqlite")
        let run = try actioncards("run", "--app", "eats", "--start", "manage", "--taps", taps, "--screens", screens, "--log", log)
        XCTAssertEqual(run.status, 0, run.error)
        let inspected = try actioncards("inspect", "--log", log, "--member", "member-1")
        XCTAssertEqual(inspected.status, 0, inspected.error)
        XCTAssertEqual(inspected.output, run.output)
        XCTAssertTrue(inspected.output.contains("== membership of member-1: "), inspected.output)

        let early = try actioncards("inspect", "--log", log, "--member", "member-1", "--at", "1")
        XCTAssertEqual(early.output.split(separator: "\n").count, 3, early.output)
        let unknown = try actioncards("inspect", "--log", log, "--member", "member-9")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(
            unknown.error,
            "actioncards: \(log): no card sessions or membership for member 'member-9' (streams membership-member-9, actioncards-member-9)\n"
        )
    }

    /// A build run from outside the repository, by a path outside it, without `--screens`: the
    /// line says where the screens were looked for and which option names them.
    func test_run_outsideTheRepository_withoutScreens_namesTheOption() throws {
        let elsewhere = directory.path("actioncards")
        try FileManager.default.createSymbolicLink(atPath: elsewhere, withDestinationPath: tool)
        let taps = try file("x.taps", "tap cancel\n")
        let result = try runProcess(elsewhere, ["run", "--app", "eats", "--start", "manage", "--taps", taps], directory: directory.url.path)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.error,
            "actioncards: no fixtures/actioncards/membership in this directory or its parents, nor beside this build: pass --screens DIR\n"
        )
    }

    /// A failed `type` step was reported as a tap.
    func test_run_aTypeStepThatDoesNothing_isNamedAsATypeStep() throws {
        let taps = try file("t.taps", "type nosuch hello\ntap nosuch\n")
        let result = try actioncards("run", "--app", "eats", "--start", "manage", "--taps", taps, "--screens", screens)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("] type nosuch ignored: not a text field on the screen\n"), result.output)
        XCTAssertTrue(result.output.contains("] tap nosuch ignored: not on the screen\n"), result.output)
    }

    /// Waits of a year each, 8 100 of them, passed the parser and failed at the log's append after
    /// 23 events, leaving them in the log; the line named no file or line.
    func test_run_tapsPastYear9999_areRefusedUpFront_namingTheLine_andNoLogIsMade() throws {
        let taps = try file("long.taps", "tap end\n" + String(repeating: "wait 31557600000\n", count: 8_100) + "tap keep\n")
        let log = directory.path("long.sqlite")
        let result = try actioncards("run", "--app", "eats", "--start", "manage", "--taps", taps, "--screens", screens, "--log", log)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.output, "")
        XCTAssertEqual(result.error, "actioncards: \(taps):7975: the session's virtual time passes year 9999 at this step\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: log))
        // Up to the last step that stays inside year 9999, the run and its log go through.
        let fits = try file("fits.taps", "tap end\n" + String(repeating: "wait 31557600000\n", count: 7_973) + "tap keep\n")
        let ran = try actioncards("run", "--app", "eats", "--start", "manage", "--taps", fits, "--screens", screens, "--log", log)
        XCTAssertEqual(ran.status, 0, ran.error)
    }

    /// A card's text with an escape sequence and a line break passed `validate` and reached the
    /// terminal raw; wide characters bent the message box past `--width`.
    func test_render_validate_andRun_neverPassAControlCharacterToTheTerminal() throws {
        let configs = directory.path("configs")
        try FileManager.default.createDirectory(atPath: configs, withIntermediateDirectories: true)
        let screen = configs + "/a.json"
        try Data(#"""
        {"screenID": "a", "analyticsID": "a", "metadata": {"entry": "true"}, "mainCards": [
          {"id": "m", "type": "message", "title": "特典が失われます\u001b[2J", "body": "会員特典は停止します。\nTotals: 🚕🚕"},
          {"id": "go", "type": "button", "title": "Go\u001b[2J", "action": {"type": "showAlert", "title": "Bye\u001b[2J\nnow"}},
          {"id": "gap\u001b[2J", "type": "spacer", "height": 8}
        ]}
        """#.utf8).write(to: URL(fileURLWithPath: screen))
        let rendered = try actioncards("render", screen, "--width", "30")
        XCTAssertEqual(rendered.status, 0, rendered.error)
        XCTAssertFalse(rendered.output.unicodeScalars.contains { $0 != "\n" && $0.isControlCharacter }, rendered.output)
        let box = rendered.output.split(separator: "\n").filter { $0.hasPrefix("  |") || $0.hasPrefix("  +") }
        XCTAssertEqual(box.map { TerminalColumns.of($0) }, Array(repeating: 30, count: box.count), rendered.output)

        let validated = try actioncards("validate", configs)
        XCTAssertEqual(validated.status, 1)
        XCTAssertEqual(validated.output.split(separator: "\n").first.map(String.init), "\(screen): $.mainCards[0].title: control character U+001B in card m on screen a")
        XCTAssertEqual(validated.error, "actioncards: 4 problems in 1 screen\n")
        XCTAssertFalse(validated.output.unicodeScalars.contains { $0 != "\n" && $0.isControlCharacter }, validated.output)

        let run = try actioncards("run", "--app", "eats", "--start", "a", "--taps", try file("go.taps", "tap go\n"), "--screens", configs)
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertFalse(run.output.unicodeScalars.contains { $0 != "\n" && $0.isControlCharacter }, run.output)
    }

    func test_badInput_isOneLineNamingTheFileAndPlace() throws {
        let taps = try file("bad.taps", "tap end\n\nwait soon\n")
        let good = try file("good.taps", "wait 5\n")
        let screen = try file("bad.json", #"{"screenID": "x", "analyticsID": "y", "mainCards": [{"id": "a", "type": "spacer", "height": "tall"}]}"#)
        let cases: [([String], String)] = [
            (["run", "--app", "eats", "--start", "manage", "--taps", taps, "--screens", screens], "actioncards: \(taps):3: bad wait soon (use MILLISECONDS, at most 31557600000)\n"),
            (["run", "--app", "eats", "--start", "manage", "--taps", try file("long.taps", "wait 9223372036854775807\n")],
             "actioncards: \(directory.path("long.taps")):1: bad wait 9223372036854775807 (use MILLISECONDS, at most 31557600000)\n"),
            (["run", "--app", "bus", "--start", "manage", "--taps", taps], "actioncards: --app: bus is not eats or rides\n"),
            (["render", screen], "actioncards: \(screen): $.mainCards[0].height: wrong type: Expected to decode Int but found a string instead.\n"),
            (["render", directory.path("missing.json")], "actioncards: \(directory.path("missing.json")): no such file\n"),
            (["render", directory.path("nowhere/missing.json")], "actioncards: \(directory.path("nowhere/missing.json")): no such file\n"),
            (["render", try file("x", "") + "/under.json"], "actioncards: \(directory.path("x"))/under.json: cannot open (Not a directory)\n"),
            (["render", directory.url.path], "actioncards: \(directory.url.path): is a directory, not a display config\n"),
            (["render", screen, "--width", "-5"], "actioncards: --width must be 20 to 1000\n"),
            (["render", screen, "--width", "100000000000"], "actioncards: --width must be 20 to 1000\n"),
            (["validate", screen], "actioncards: \(screen): not a directory\n"),
            (["validate", directory.path("gone")], "actioncards: \(directory.path("gone")): no such directory\n"),
            (["run", "--app", "eats", "--start", "manage", "--taps", taps, "--latency", "-1"], "actioncards: --latency must be between 0 and 86400000 milliseconds\n"),
            (["run", "--app", "eats", "--start", "manage", "--taps", taps, "--latency", "9223372036854775807"],
             "actioncards: --latency must be between 0 and 86400000 milliseconds\n"),
            (["run", "--app", "eats", "--start", "manage", "--taps", taps, "--think", "-3"], "actioncards: --think must be between 0 and 31557600000 milliseconds\n"),
            (["run", "--app", "eats", "--start", "manage", "--taps", taps, "--member", ""], "actioncards: --member must not be empty\n"),
            (["run", "--app", "eats", "--start", "manage", "--taps", directory.url.path], "actioncards: \(directory.url.path): is a directory, not a file\n"),
            (["run", "--app", "eats", "--start", "manage", "--taps", good, "--log", ""], "actioncards: the event log's path is empty\n"),
            (["run", "--app", "eats", "--start", "manage", "--taps", good, "--log", directory.url.path],
             "actioncards: \(directory.url.path): is a directory, not an event log\n"),
        ]
        for (arguments, message) in cases {
            let result = try runProcess(tool, arguments)
            XCTAssertEqual(result.status, 1, arguments.joined(separator: " "))
            XCTAssertEqual(result.error, message)
        }
    }
}
