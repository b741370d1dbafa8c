import EventLogTestSupport
import Foundation
import XCTest

/// `ooa replay` refusing a trace: one line naming the file, the line and the field, and no log
/// file left behind, with or without `--log`.
extension OOACLITests {
    /// A trace line; `time`, `trip` and `eta` as they go into the JSON (`trip` may hold escapes).
    func traceLine(time: String = "0", trip: String = "trip-1", eta: String = "600") -> String {
        #"{"time": \#(time), "trip": "\#(trip)", "rider": "r", "phase": "en_route", "eta": \#(eta), "lat": 37.77, "lon": -122.42}"#
    }

    /// A trace file of `lines` in the temporary directory.
    func traceFile(_ name: String, _ lines: String...) throws -> String {
        let path = directory.path(name)
        try lines.map { $0 + "\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Replays `trace` without and with `--log`: each run refuses with `error` alone, prints
    /// nothing and leaves no log file.
    func assertRefused(_ trace: String, _ error: String, _ extra: [String] = [], line: UInt = #line) throws {
        let log = directory.path(URL(fileURLWithPath: trace).deletingPathExtension().lastPathComponent + ".sqlite")
        for arguments in [extra, extra + ["--log", log]] {
            let replay = try ooa(["replay", trace] + arguments)
            XCTAssertEqual(replay.status, 1, "\(arguments)", line: line)
            XCTAssertEqual(replay.error, "ooa: \(error)\n", "\(arguments)", line: line)
            XCTAssertEqual(replay.output, "", "\(arguments)", line: line)
            for suffix in ["", "-wal", "-shm"] {
                XCTAssertFalse(FileManager.default.fileExists(atPath: log + suffix), "\(arguments): \(log + suffix)", line: line)
            }
        }
    }

    func test_replay_timePastYear9999_isRefusedAtItsLine_andNoLogIsMade() throws {
        let trace = try traceFile("y10000.jsonl", traceLine(time: "0"), traceLine(time: "253402300800", trip: "trip-2"))
        try assertRefused(trace, "\(trace):2: field \"time\": out of range (0 to 253402300799.999 seconds: up to year 9999)")
        let rounded = try traceFile("rounded.jsonl", traceLine(time: "253402300799.9996"))
        try assertRefused(rounded, "\(rounded):1: field \"time\": out of range (0 to 253402300799.999 seconds: up to year 9999)")

        // The last millisecond of year 9999 is a time; a log records the trip's start then.
        let last = try traceFile("last.jsonl", traceLine(time: "253402300799.999"))
        let log = directory.path("last.sqlite")
        let replay = try ooa("replay", last, "--log", log)
        XCTAssertEqual(replay.status, 0, replay.error)
        XCTAssertTrue(replay.output.hasPrefix("253402300799.999s  trip-1  start v1"), replay.output)
        XCTAssertEqual(lines(try ooa("inspect", "--log", log, "--trip", "trip-1").output).first, lines(replay.output).first)
    }

    func test_replay_drainPastYear9999_isRefused_beforeTheLogIsMade() throws {
        // The ETA change at the last second is held 3 s: the drain would release it in year 10000.
        let trace = try traceFile("held.jsonl", traceLine(time: "253402300790"), traceLine(time: "253402300799", eta: "300"))
        try assertRefused(
            trace, "--drain 600 ends at 10000-01-01T00:09:59.000Z, past year 9999, with trip trip-1's decisions still to release; use a shorter drain"
        )
        let short = try ooa("replay", trace, "--drain", "0", "--log", directory.path("short.sqlite"))
        XCTAssertEqual(short.status, 0, short.error)
        XCTAssertEqual(lines(short.output).last, "totals: changes in 2, pushes out 1, coalesced 0, throttled 0, dropped 0, ended 0")
    }

    func test_replay_idWithAControlCharacter_isRefusedAtItsLine_andNothingRawIsPrinted() throws {
        let nul = try traceFile("nul.jsonl", traceLine(trip: #"tr\u0000ip"#))
        try assertRefused(nul, "\(nul):1: field \"trip\": control character U+0000")
        let escape = try traceFile("escape.jsonl", traceLine(), traceLine(time: "1", trip: #"trip 1\n\u001b[2J"#))
        try assertRefused(escape, "\(escape):2: field \"trip\": control character U+000A")
        let rider = try traceFile("rider.jsonl", traceLine().replacingOccurrences(of: #""rider": "r""#, with: #""rider": "r\u001b[2J""#))
        try assertRefused(rider, "\(rider):1: field \"rider\": control character U+001B")
        let bidi = try traceFile("bidi.jsonl", traceLine(trip: #"trip\u202E1"#))
        try assertRefused(bidi, "\(bidi):1: field \"trip\": control character U+202E")
    }

    func test_replay_negativeOrHugeETA_isRefusedAtItsLine() throws {
        let negative = try traceFile("negative-eta.jsonl", traceLine(), traceLine(time: "5", eta: "-600"))
        try assertRefused(negative, "\(negative):2: field \"eta\": out of range (0 to 999999999 seconds)")
        let huge = try traceFile("huge-eta.jsonl", traceLine(eta: "1e9"))
        try assertRefused(huge, "\(huge):1: field \"eta\": out of range (0 to 999999999 seconds)")
        let zero = try ooa("replay", try traceFile("zero-eta.jsonl", traceLine(eta: "0")))
        XCTAssertEqual(zero.status, 0, zero.error)
    }
}
