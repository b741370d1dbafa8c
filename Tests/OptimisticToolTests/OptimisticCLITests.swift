import EventLogTestSupport
import Foundation
import OptimisticTool
import XCTest

/// The `optimistic` binary end to end: timelines, the log it writes, inspect, and bad input.
final class OptimisticCLITests: XCTestCase {
    let directory = TemporaryDirectory()
    var tool: String { productsDirectory().appendingPathComponent("optimistic").path }

    func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/optimistic/\(name)").path
    }

    func optimistic(_ arguments: String...) throws -> (status: Int32, output: String, error: String) {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: tool), "build the tools first (`swift build`)")
        return try runProcess(tool, arguments)
    }

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    func test_run_airportStory_showsTheEstimateUntilTheFinalFare_andSumsUp() throws {
        let run = try optimistic("run", "--script", fixture("airport-dark-spot.txt"))
        XCTAssertEqual(run.status, 0, run.error)
        let output = lines(run.output)
        let end = try XCTUnwrap(output.first { $0.contains("submit   r5 trip.end") })
        XCTAssertTrue(end.contains("sees: online, trip-1 ended, fare USD 21.40 (estimate)"), end)
        XCTAssertTrue(end.contains("confirmed: v5 online, trip-1 on trip"), end)
        let confirmed = try XCTUnwrap(output.first { $0.contains("confirm  r5 trip.end") })
        XCTAssertTrue(confirmed.contains("fare USD 22.90 (final)"), "the server's last estimate + fee: \(confirmed)")
        XCTAssertTrue(output.contains { $0.contains("retry    r5 trip.end  network unreachable") })
        XCTAssertEqual(output.last, "operations: 8, confirmed: 8, average time saved: 71.1s over 7 optimistic, rollbacks: 0, alerts: 0, restarts: 0")
        XCTAssertEqual(try optimistic("run", "--script", fixture("airport-dark-spot.txt")).output, run.output, "deterministic")
    }

    func test_run_rejection_rollsBackDependents_alerts_andRefusesTooShortOnThePhone() throws {
        let run = try optimistic("run", "--script", fixture("rejections.txt"))
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertTrue(run.output.contains("rollback r3 trip.begin  rejected: rolled back r3 r4 r5 | sees: online, trip-9 accepted, fare USD 9.50 (estimate), read msg-2"), run.output)
        XCTAssertTrue(run.output.contains("alert    r3 trip.begin  \"The server refused trip.begin\""), run.output)
        XCTAssertTrue(run.output.contains("+410.0s   refused  Trip too short to end"), run.output)
        XCTAssertTrue(lines(run.output).last?.hasSuffix("rollbacks: 3, alerts: 1, restarts: 0") == true, run.output)
    }

    func test_run_stalePushes_areRebasedUnderPendingRequests_neverFlippingTheScreenBack() throws {
        let run = try optimistic("run", "--script", fixture("stale-push.txt"))
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertTrue(run.output.contains(
            "+106.0s   rebase   server state v4 under 1 pending | sees: online, trip-2 on trip, fare USD 11.80 (estimate) | confirmed: v4 online, trip-2 arrived, fare USD 11.80 (estimate)"
        ), run.output)
        XCTAssertTrue(run.output.contains("rebase   server state v6 under 1 pending | sees: online, trip-2 ended, fare USD 12.40 (estimate)"), run.output)
        let phases = lines(run.output).compactMap { line -> String? in
            guard let sees = line.range(of: "| sees: ") else { return nil }
            return line[sees.upperBound...].split(separator: ",").dropFirst().first.map(String.init)
        }
        let begun = try XCTUnwrap(phases.firstIndex(of: " trip-2 on trip"))
        XCTAssertFalse(phases[begun...].contains(" trip-2 arrived"), "no flip back after begin: \(phases)")
    }

    /// A time past +99999.9s was cut (`+12345678.submit`); ending an ended trip was refused as
    /// though the server did not know it began.
    func test_run_longTimesKeepTheirDigits_andASecondEndNamesThePhase() throws {
        let script = directory.path("late.txt")
        try "driver driver-1\nat 0 online\nat 1 offer trip-1 10.00\nat 2 accept trip-1\nat 5 arrive\nat 10 begin\nat 100 end\nat 12345678 end\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let run = try optimistic("run", "--script", script)
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertTrue(lines(run.output).contains("+12345678.0s refused  trip.end is not possible while the trip is ended | sees: online, trip-1 ended, fare USD 11.00 (final), trips done: 1"), run.output)
    }

    func test_run_json_isOneObjectPerEntry_thenTheSummary() throws {
        let run = try optimistic("run", "--script", fixture("restart.txt"), "--json")
        XCTAssertEqual(run.status, 0, run.error)
        let objects = try lines(run.output).map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let summary = try XCTUnwrap(objects.last?["summary"] as? [String: Any])
        XCTAssertEqual(summary["restarts"] as? Int, 2)
        XCTAssertEqual(summary["rollbacks"] as? Int, 0)
        XCTAssertEqual(objects.filter { $0["kind"] as? String == "restart" }.count, 4)
        XCTAssertTrue(objects.dropLast().allSatisfy { $0["at"] is Int && $0["kind"] is String })
    }

    func test_runWithLog_thenInspect_showsTheQueueAtAnySequence() throws {
        let log = directory.path("trip.sqlite")
        let run = try optimistic("run", "--script", fixture("restart.txt"), "--log", log)
        XCTAssertEqual(run.status, 0, run.error)
        // The app is rebuilt from its own stream, not from every event the log holds (the service's too).
        XCTAssertEqual(lines(run.output).filter { $0.contains("app killed") }, [
            "+260.0s   restart  app killed; rebuilt from the 28 events of optimistic.trips/driver-12 in the log",
            "+301.0s   restart  app killed; rebuilt from the 35 events of optimistic.trips/driver-12 in the log",
        ])
        let end = try optimistic("inspect", "--log", log, "--client", "driver-12")
        XCTAssertEqual(end.status, 0, end.error)
        XCTAssertTrue(end.output.contains("queue:     0 pending"), end.output)
        XCTAssertTrue(end.output.contains("sees:      online, trip-4 ended, fare USD 16.10 (final)"), end.output)

        let early = try optimistic("inspect", "--log", log, "--client", "driver-12", "--at", "20")
        XCTAssertEqual(early.status, 0, early.error)
        XCTAssertTrue(early.output.hasPrefix("client driver-12 as of sequence 20 of"), early.output)
        XCTAssertTrue(early.output.contains("  r3 trip.arrive trip=trip-4"), early.output)
        let negative = try optimistic("inspect", "--log", log, "--client", "driver-12", "--at", "-5")
        XCTAssertEqual(negative.status, 1)
        XCTAssertEqual(negative.error, "optimistic: --at must be a sequence number ≥ 0, got -5\n")
        // Past the end is refused as `eventlog replay` and `platform replay` refuse it, not read as the end.
        let past = try optimistic("inspect", "--log", log, "--client", "driver-12", "--at", "99999999999")
        XCTAssertEqual(past.status, 1)
        XCTAssertTrue(past.error.hasPrefix("optimistic: --at 99999999999 is past the end of the log ("), past.error)

        let json = try optimistic("inspect", "--log", log, "--client", "driver-12", "--json")
        let state = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        XCTAssertEqual((state["pending"] as? [Any])?.count, 0)

        let again = try optimistic("run", "--script", fixture("restart.txt"), "--log", log)
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.error, "optimistic: \(log) already has events for driver-12; use a new log file\n")
    }

    func test_badInput_isOneLineNamingTheFileLineOrField_andExit1() throws {
        let script = directory.path("bad.txt")
        try "driver driver-1\nat 0 online\nat 5 fly away\n".write(toFile: script, atomically: true, encoding: .utf8)
        let bad = try optimistic("run", "--script", script)
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(lines(bad.error), ["optimistic: \(script):3: unknown action 'fly' (expected online, offer, accept, arrive, begin, end, rate, cash, read, estimate, dark, latency, reject, push or restart)"])

        try "at 0 offer trip-1 twelve\n".write(toFile: script, atomically: true, encoding: .utf8)
        // The amount is named by the line's own verb: an offer's was reported as an "estimate".
        XCTAssertEqual(lines(try optimistic("run", "--script", script).error), ["optimistic: \(script):1: offer: 'twelve' is not an amount like 12.50"])
        try "at 0 offer trip-1 12.00\nat 1 estimate trip-1 -12.00\n".write(toFile: script, atomically: true, encoding: .utf8)
        XCTAssertEqual(lines(try optimistic("run", "--script", script).error), ["optimistic: \(script):2: estimate: '-12.00' is not an amount like 12.50"])

        let missing = try optimistic("run", "--script", directory.path("nope.txt"))
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(lines(missing.error).count, 1)
        XCTAssertEqual(missing.error, "optimistic: \(directory.path("nope.txt")): no such file\n")
        let binary = directory.path("binary.txt")
        try Data([0xFF, 0xFE, 0x00, 0x61]).write(to: URL(fileURLWithPath: binary))
        XCTAssertEqual(try optimistic("run", "--script", binary).error, "optimistic: \(binary): not UTF-8 text\n")
        XCTAssertEqual(try optimistic("run", "--script", directory.path("")).error, "optimistic: \(directory.path("")): is a directory, not a file\n")

        let log = directory.path("log.sqlite")
        XCTAssertEqual(try optimistic("run", "--script", fixture("rejections.txt"), "--log", log).status, 0)
        let unknown = try optimistic("inspect", "--log", log, "--client", "driver-99")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.error, "optimistic: \(log): no optimistic events for client 'driver-99' (stream optimistic.trips/driver-99)\n")
        XCTAssertEqual(try optimistic("inspect", "--log", directory.path("none.sqlite"), "--client", "driver-3").error, "optimistic: \(directory.path("none.sqlite")): no such file\n")
        XCTAssertEqual(try optimistic("inspect", "--client", "driver-3").status, 1, "a missing option is a usage error")
    }

    /// An estimate for a trip no earlier line offered was played as a "new estimate" the service
    /// then ignored, and the run exited 0.
    func test_run_anEstimateForATripNeverOffered_isOneLineNamingTheFileLineAndTrip() throws {
        let script = directory.path("unoffered.txt")
        try "driver driver-1\nat 0 online\nat 5 offer trip-1 12.00\nat 6 accept trip-1\nat 100 estimate trip-2 14.50\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let run = try optimistic("run", "--script", script)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.output, "")
        XCTAssertEqual(run.error, "optimistic: \(script):5: estimate: trip 'trip-2' was never offered (no earlier 'offer trip-2' line)\n")
    }

    func test_scriptParser_namesTheLineOfEachMistake() {
        let cases: [(String, String)] = [
            ("at 5 online\nat 2 begin", "s:2: time 2 is before the previous step's 5"),
            ("latency 9..3\nat 0 online", "s:1: latency: '9..3' is not MILLISECONDS or MIN..MAX"),
            ("at 0 reject fly", "s:1: reject: unknown action 'fly' (expected one of accept, arrive, begin, cash, end, online, rate, read)"),
            ("at 0 online now", "s:1: unexpected 'now' at the end of the line"),
            ("# nothing\n", "s:1: no steps ('at SECONDS ACTION' lines)"),
            ("loss 2\nat 0 online", "s:1: loss: '2' is not a probability in 0...1"),
            // Times that would overflow the clock are refused, not trapped on.
            ("at 0 dark 99999999999999999", "s:1: dark spot length (seconds): 99999999999999999 is more than 3155760000 seconds"),
            ("at 9999999999 online", "s:1: time (seconds): 9999999999 is more than 3155760000 seconds"),
            ("until 9999999999\nat 0 online", "s:1: until: 9999999999 is more than 3155760000 seconds"),
            ("latency 1..9223372036854775807\nat 0 online", "s:1: latency: 9223372036854775807 ms is more than 86400000 (a day)"),
            ("driver driver-1\nat 0 online\ndriver driver-2", "s:3: driver is already set on line 1"),
            ("at 0 estimate trip-1 9.00\nat 0 offer trip-1 9.00", "s:1: estimate: trip 'trip-1' was never offered (no earlier 'offer trip-1' line)"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try Script(parsing: text, file: "s")) { XCTAssertEqual("\($0)", message) }
        }
    }

    /// A script saved with Windows line ends reads as the same script (`"\r\n"` is one `Character`,
    /// which a split at `"\n"` missed: the whole file was one line).
    func test_scriptParser_readsWindowsLineEnds() throws {
        let text = "driver driver-9\nat 0 online\nat 5 offer trip-1 12.00\nuntil 60\n"
        let windows = try Script(parsing: text.replacingOccurrences(of: "\n", with: "\r\n"), file: "s")
        XCTAssertEqual(windows, try Script(parsing: text, file: "s"))
        XCTAssertEqual(windows.steps.count, 2)
        XCTAssertThrowsError(try Script(parsing: "at 0 online\r\nat 1 fly\r\n", file: "s")) {
            XCTAssertTrue("\($0)".hasPrefix("s:2: unknown action 'fly'"), "\($0)")
        }
    }
}
