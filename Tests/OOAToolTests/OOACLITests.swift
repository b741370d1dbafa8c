import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import OOAService
import PlatformKit
import XCTest

/// The `ooa` binary end to end, on the fixtures under `fixtures/ooa`.
final class OOACLITests: XCTestCase {
    let directory = TemporaryDirectory()
    var tool: String { productsDirectory().appendingPathComponent("ooa").path }

    func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/ooa/\(name)").path
    }

    func ooa(_ arguments: String...) throws -> (status: Int32, output: String, error: String) {
        try ooa(arguments)
    }

    func ooa(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: tool), "build the tools first (`swift build`)")
        return try runProcess(tool, arguments)
    }

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    func test_help_listsTheCommands() throws {
        let help = try ooa("--help")
        XCTAssertEqual(help.status, 0)
        for command in ["render", "validate", "replay"] { XCTAssertTrue(help.output.contains(command), help.output) }
        let replay = try ooa("replay", "--help")
        XCTAssertTrue(replay.output.contains("--log"), replay.output)
        XCTAssertTrue(replay.output.contains("--json"))
    }

    func test_render_drawsEachSurface_andSaysWhatDidNotFit() throws {
        let lockscreen = try ooa("render", fixture("payload-en-route.json"), "--surface", "lockscreen")
        XCTAssertEqual(lockscreen.status, 0, lockscreen.error)
        XCTAssertTrue(lockscreen.output.contains("PICKUP IN 3 MIN"), lockscreen.output)
        XCTAssertTrue(lockscreen.output.contains("62%"))
        XCTAssertFalse(lockscreen.output.contains("not shown"))

        let minimal = try ooa("render", fixture("payload-en-route.json"), "--surface", "island-minimal")
        XCTAssertEqual(lines(minimal.output).first, "( 3 MIN)")
        XCTAssertTrue(minimal.output.contains("not shown: headline (P0), plate (P1)"), minimal.output)

        let future = try ooa("render", fixture("payload-from-the-future.json"), "--surface", "island-expanded")
        XCTAssertEqual(future.status, 0, "unknown content is never a failure")
        XCTAssertTrue(future.output.contains("ignored: slots.vehicle.type: ignored unknown element type \"lottie\""), future.output)
    }

    func test_render_readsImagesFromTheContainer() throws {
        let container = directory.path("group")
        try FileManager.default.createDirectory(atPath: container, withIntermediateDirectories: true)
        let url = "https://cdn.example.com/cars/prius-white.png"
        let name = "image-" + String(FNV1a.hash(url), radix: 16)
        _ = FileManager.default.createFile(atPath: "\(container)/\(name)", contents: Data([1]))
        let drawn = try ooa("render", fixture("payload-en-route.json"), "--surface", "island-compact", "--container", container)
        XCTAssertTrue(drawn.output.hasPrefix("([prius-w…"), drawn.output)
    }

    func test_render_containerFlags_someSet_othersDefault_malformedRefused() throws {
        let container = directory.path("flags")
        try FileManager.default.createDirectory(atPath: container, withIntermediateDirectories: true)
        let flags = "\(container)/feature-flags.json"
        try #"{"progressBar": false}"#.write(toFile: flags, atomically: true, encoding: .utf8)
        let hidden = try ooa("render", fixture("payload-en-route.json"), "--surface", "lockscreen", "--container", container)
        XCTAssertEqual(hidden.status, 0, hidden.error)
        XCTAssertFalse(hidden.output.contains("62%"), "the file's flag is honoured: \(hidden.output)")
        XCTAssertTrue(hidden.output.contains("[… driver_pho"), "the missing flag keeps its default: \(hidden.output)")

        try #"{"progressBar": "off"}"#.write(toFile: flags, atomically: true, encoding: .utf8)
        let malformed = try ooa("render", fixture("payload-en-route.json"), "--surface", "lockscreen", "--container", container)
        XCTAssertEqual(malformed.status, 1)
        XCTAssertEqual(malformed.output, "")
        XCTAssertEqual(malformed.error, "ooa: \(flags): progressBar: expected true or false\n")
    }

    func test_validate_reportsSizeUnknownsAndP0() throws {
        let good = try ooa("validate", fixture("payload-en-route.json"))
        XCTAssertEqual(good.status, 0)
        XCTAssertTrue(good.output.hasPrefix("size: "), good.output)
        XCTAssertTrue(good.output.hasSuffix("ok\n"))

        let big = try ooa("validate", fixture("payload-oversize.json"))
        XCTAssertEqual(big.status, 0)
        XCTAssertTrue(big.output.contains("(limit 4096)"))
        XCTAssertTrue(big.output.contains("trimming by priority drops detail"), big.output)
        let refused = try ooa("validate", fixture("payload-oversize.json"), "--limit", "100")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.error.contains("payload trimmed to its P0 content is "), "the size is the trimmed one, not the line above's: \(refused.error)")
        XCTAssertTrue(refused.error.contains("over the 100-byte limit"), refused.error)
        XCTAssertEqual(lines(try ooa("validate", fixture("payload-oversize.json"), "--limit", "-1").error), ["ooa: --limit must be at least 1"])

        let noP0 = try ooa("validate", fixture("payload-no-p0.json"))
        XCTAssertEqual(noP0.status, 1)
        XCTAssertEqual(lines(noP0.error), ["ooa: \(fixture("payload-no-p0.json")): missing P0 content: neither \"headline\" nor \"eta\""])

        let future = try ooa("validate", fixture("payload-from-the-future.json"))
        XCTAssertEqual(lines(future.output).filter { $0.hasPrefix("ignored: ") }.count, 4, future.output)
    }

    func test_validate_reportsNegativeVersionAndTimestamp_andP0WithoutTheTime() throws {
        let path = directory.path("bad-p0.json")
        try #"{"version": -1, "timestamp": -1, "slots": {"headline": {"type": "progress", "value": 0.5}, "eta": {"type": "label", "text": ""}}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let validate = try ooa("validate", path)
        XCTAssertEqual(validate.status, 1)
        XCTAssertEqual(lines(validate.error), [
            "ooa: \(path): version: -1 is negative",
            "ooa: \(path): timestamp: -1 is out of range (0 to 253402300799999 ms: 1970 to year 9999)",
            "ooa: \(path): \"headline\": element type \"progress\"; a P0 slot takes a label with the time",
            "ooa: \(path): \"eta\": empty text; a P0 slot carries the time",
        ])
    }

    func test_badInput_isOneLineNamingTheFieldOrLine() throws {
        let malformed = try ooa("validate", fixture("payload-malformed.json"))
        XCTAssertEqual(malformed.status, 1)
        XCTAssertEqual(lines(malformed.error), ["ooa: \(fixture("payload-malformed.json")): slots.plate.text: missing string"])

        let missing = try ooa("render", directory.path("nope.json"), "--surface", "android")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(lines(missing.error).count, 1)
        XCTAssertTrue(missing.error.contains("nope.json: no such file"))

        let farNorth = directory.path("north.jsonl")
        try #"{"time": 0, "trip": "t", "rider": "r", "phase": "en_route", "eta": 60, "lat": 500, "lon": 0}"#.write(toFile: farNorth, atomically: true, encoding: .utf8)
        XCTAssertEqual(lines(try ooa("replay", farNorth).error), ["ooa: \(farNorth):1: field \"lat\": out of range (-90 to 90)"])
        let noTrip = directory.path("no-trip.jsonl")
        try #"{"time": 0, "trip": "", "rider": "r", "phase": "en_route", "eta": 60, "lat": 0, "lon": 0}"#.write(toFile: noTrip, atomically: true, encoding: .utf8)
        XCTAssertEqual(lines(try ooa("replay", noTrip).error), ["ooa: \(noTrip):1: field \"trip\": must not be empty"])

        let container = try ooa("render", fixture("payload-en-route.json"), "--surface", "android", "--container", directory.path("none"))
        XCTAssertEqual(lines(container.error), ["ooa: --container \(directory.path("none")): no such directory"])

        let drain = try ooa("replay", fixture("trace-pickup.jsonl"), "--drain", "-1")
        XCTAssertEqual(drain.status, 1)
        XCTAssertEqual(lines(drain.error), ["ooa: --drain must be between 0 and 31557600 seconds (a year)"])
        XCTAssertEqual(lines(try ooa("replay", fixture("trace-pickup.jsonl"), "--drain", "9223372036854775807").error), ["ooa: --drain must be between 0 and 31557600 seconds (a year)"])

        let trace = try ooa("replay", fixture("trace-bad-line.jsonl"))
        XCTAssertEqual(trace.status, 1)
        XCTAssertEqual(lines(trace.error), ["ooa: \(fixture("trace-bad-line.jsonl")):3: missing field \"eta\""])

        let surface = try ooa("render", fixture("payload-en-route.json"), "--surface", "watch")
        XCTAssertNotEqual(surface.status, 0)
        XCTAssertTrue(surface.error.contains("watch"), surface.error)
    }

    func test_replay_printsEachPushWithItsReason_thenTotals() throws {
        let replay = try ooa("replay", fixture("trace-pickup.jsonl"))
        XCTAssertEqual(replay.status, 0, replay.error)
        let output = lines(replay.output)
        XCTAssertEqual(output.last, "totals: changes in 24, pushes out 12, coalesced 9, throttled 0, dropped 3, ended 2")
        XCTAssertEqual(output.count, 13)
        XCTAssertTrue(output[2].hasPrefix("25.700s  trip-1  update v2  eta-changed (low)  en_route eta 270s"), output[2])
        XCTAssertTrue(output[2].hasSuffix("coalesced 9"), "the burst of ten gives one push")
        XCTAssertTrue(output.contains { $0.contains("trip-2  end v3  trip-canceled") })
        XCTAssertTrue(output[11].contains("trip-1  end v9  trip-completed"), output[11])
    }

    func test_replay_jitteryETA_isThrottled_butThePhaseChangeAndTheEndGoOutAtOnce() throws {
        let replay = try ooa("replay", fixture("trace-jittery-eta.jsonl"))
        XCTAssertEqual(replay.status, 0, replay.error)
        let output = lines(replay.output)
        XCTAssertEqual(output.last, "totals: changes in 63, pushes out 23, coalesced 33, throttled 14, dropped 7, ended 1")
        XCTAssertTrue(output.contains { $0.hasPrefix("305.000s  trip-7  update") && $0.contains("phase-changed (high)  arriving") }, replay.output)
        XCTAssertTrue(output.contains { $0.hasPrefix("400.000s  trip-7  end") && $0.contains("trip-completed") }, replay.output)
    }

    func test_replay_json_andLog_recordEveryDecision() throws {
        let log = directory.path("ooa.sqlite")
        let replay = try ooa("replay", fixture("trace-pickup.jsonl"), "--json", "--all", "--log", log)
        XCTAssertEqual(replay.status, 0, replay.error)
        let objects = try lines(replay.output).map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let totals = try XCTUnwrap(objects.last?["totals"] as? [String: Int])
        XCTAssertEqual(totals["changes_in"], 24)
        XCTAssertEqual(objects.filter { $0["decision"] as? String == "dropped" }.count, 3)
        XCTAssertEqual(objects.first?["notification_key"] as? String, "ooa-trip-1")

        let store = try SQLiteEventLog(path: log, clock: .constant(.epoch))
        let state = try OOAProjection().replay(store).state
        XCTAssertEqual(state.pushes, 12)
        XCTAssertEqual(state.dropped, 3)
        XCTAssertEqual(state.coalesced, 9)
        XCTAssertEqual(state.ended, 2)
        XCTAssertTrue(state.activities.isEmpty, "every activity ended")
        XCTAssertEqual(try store.lastSequence(), Int64(objects.count - 1))
        try store.close()

        // Each trip's decisions read back from the log are the ones the replay printed.
        let all = try ooa("replay", fixture("trace-pickup.jsonl"), "--all").output
        for trip in ["trip-1", "trip-2"] {
            let inspected = try ooa("inspect", "--log", log, "--trip", trip)
            XCTAssertEqual(inspected.status, 0, inspected.error)
            let decisions = lines(inspected.output).dropLast(2)
            XCTAssertEqual(Array(decisions), lines(all).filter { $0.contains("  \(trip)  ") }, trip)
            XCTAssertFalse(decisions.isEmpty)
        }
        let trip1 = lines(try ooa("inspect", "--log", log, "--trip", "trip-1").output).suffix(2)
        XCTAssertEqual(Array(trip1), [
            "trip trip-1 as of sequence \(objects.count - 1) of \(objects.count - 1): pushes 9, held 14, coalesced 9, throttled 0, dropped 2, ended 1",
            "activity: ended",
        ])
        let early = lines(try ooa("inspect", "--log", log, "--trip", "trip-1", "--at", "10").output)
        XCTAssertEqual(early.last, "activity: v1 en_route eta 600s; last decision: coalesced until 1970-01-01T00:00:25.100Z")
        let unknown = try ooa("inspect", "--log", log, "--trip", "trip-9")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.error, "ooa: \(log): no OOA decisions for trip 'trip-9' (stream ooa-trip-9)\n")
        XCTAssertEqual(try ooa("inspect", "--log", log, "--trip", "trip-1", "--at", "99").error, "ooa: --at 99 is past the end of the log (\(objects.count - 1))\n")

        // The same trace again into that log: its trips' decisions are there already.
        let again = try ooa("replay", fixture("trace-pickup.jsonl"), "--log", log)
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.error, "ooa: \(log) already has OOA decisions in stream ooa-trip-1; use a new log file\n")
        XCTAssertEqual(try SQLiteEventLog(path: log, clock: .constant(.epoch)).lastSequence(), Int64(objects.count - 1))
    }
}
