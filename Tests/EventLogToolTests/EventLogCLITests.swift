import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import LedgerDemo
import PlatformKit
import XCTest

/// The `eventlog` binary end to end: output, exit status, and one clear line for bad input.
final class EventLogCLITests: XCTestCase {
    let directory = TemporaryDirectory()
    var tool: String { productsDirectory().appendingPathComponent("eventlog").path }

    /// A log with 60 ledger events over 4 streams, one event of an unknown type, and snapshots.
    func makeLedger(_ name: String = "log.sqlite", compression: PayloadCompression? = nil) throws -> String {
        let path = directory.path(name)
        let clock = VirtualClock(start: Instant(millisecondsSinceEpoch: 1_790_000_000_000))
        let log = try SQLiteEventLog(
            path: path, clock: .virtual(clock), options: .init(durability: .normal, indexRunLength: 16, payloadCompression: compression)
        )
        let runner = try ProjectionRunner(LedgerProjection(), log: log, snapshots: log, policy: .every(20))
        var workload = LedgerWorkload(seed: 4, accounts: 4, payloadSize: 80)
        for _ in 0..<6 {
            try log.append(workload.next(10))
            clock.advance(by: .seconds(1))
            try runner.catchUp()
        }
        try log.append([NewEvent(streamID: "future", type: "future.thing", schemaVersion: 3, payload: [1, 2, 3], correlationID: "c-1")])
        try log.close()
        return path
    }

    func eventlog(_ arguments: String..., input: Data? = nil) throws -> (status: Int32, output: String, error: String) {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: tool), "build the tools first (`swift build`, as `make test` does)")
        return try runProcess(tool, arguments, input: input)
    }

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    func test_aLogWithCompressedPayloads_readsAndVerifiesLikeAPlainOne() throws {
        let plain = try makeLedger("plain.sqlite")
        let compressed = try makeLedger("compressed.sqlite", compression: PayloadCompression(trainingEvents: 20))
        let info = try eventlog("info", compressed).output
        XCTAssertTrue(info.contains("dictionaries:    1 (payload compression)"), info)
        // Each batch is a block: six of ten events, and the last event alone.
        XCTAssertTrue(info.contains("event blocks:    7 ("), info)
        XCTAssertTrue(try eventlog("stats", compressed).output.contains("event blocks: 7, "))
        let (plainEvents, compressedEvents) = (try eventlog("cat", plain, "--json"), try eventlog("cat", compressed, "--json"))
        XCTAssertEqual(compressedEvents.status, 0, compressedEvents.error)
        XCTAssertEqual(compressedEvents.output, plainEvents.output)
        let verified = try eventlog("verify", compressed)
        XCTAssertEqual(verified.status, 0, verified.error)
        XCTAssertEqual(try eventlog("export", compressed).output, try eventlog("export", plain).output)
    }

    func test_info_cat_stats_snapshots_describeTheLog() throws {
        let log = try makeLedger()
        let info = try eventlog("info", log)
        XCTAssertEqual(info.status, 0, info.error)
        XCTAssertTrue(info.output.contains("events:          61 (last sequence 61)"), info.output)
        XCTAssertTrue(info.output.contains("streams:         5"), info.output)
        XCTAssertTrue(info.output.contains("format version:  7"), info.output)
        XCTAssertTrue(info.output.contains("dictionaries:    0 (payload compression)"), info.output)

        let stream = try eventlog("cat", log, "--stream", "acct-1", "--limit", "3")
        XCTAssertEqual(lines(stream.output).count, 3)
        XCTAssertTrue(lines(stream.output).allSatisfy { $0.contains("acct-1#") }, stream.output)
        XCTAssertTrue(stream.output.contains("\"account\":\"acct-1\""), "known events are shown as JSON: \(stream.output)")

        let typed = try eventlog("cat", log, "--type", "ledger.withdrawn", "--json")
        for line in lines(typed.output) {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(object["type"] as? String, "ledger.withdrawn")
            XCTAssertNotNil(object["data"])
        }
        let range = try eventlog("cat", log, "--from", "59", "--to", "61", "--json")
        XCTAssertEqual(lines(range.output).count, 3)
        XCTAssertTrue(lines(range.output)[2].contains("\"payload\":\"AQID\""), "unknown types keep their bytes: \(range.output)")

        let stats = try eventlog("stats", log)
        XCTAssertEqual(stats.status, 0)
        XCTAssertTrue(stats.output.contains("ledger.deposited\t"), stats.output)
        XCTAssertTrue(stats.output.contains("future.thing\t1\t0\t0\t1\t3"), stats.output)
        XCTAssertTrue(stats.output.contains("snapshots: 3"), stats.output)

        let snapshots = try eventlog("snapshots", log)
        XCTAssertEqual(lines(snapshots.output).count, 4, snapshots.output)
        XCTAssertTrue(lines(snapshots.output)[1].hasPrefix("1\tdemo.ledger\t1\t20\t"), snapshots.output)
    }

    func test_verify_passes_thenReportsTheFirstBadSequenceAndExits1() throws {
        let log = try makeLedger()
        let good = try eventlog("verify", log)
        XCTAssertEqual(good.status, 0, good.error)
        XCTAssertTrue(good.output.hasPrefix("ok: 61 events"), good.output)
        XCTAssertTrue(good.output.contains("demo.ledger"), good.output)
        _ = try runProcess("/usr/bin/sqlite3", [log, "DROP TRIGGER event_blocks_are_append_only_update; UPDATE event_blocks SET last_hash = zeroblob(32) WHERE first_seq = 31;"])
        let bad = try eventlog("verify", log)
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(lines(bad.error).count, 1, bad.error)
        XCTAssertTrue(bad.error.contains("sequence 31"), bad.error)
    }

    /// A stream index that no longer matches the events (reads of a stream would miss events 61 on).
    func test_verify_reportsADamagedStreamIndex() throws {
        let log = try makeLedger()
        _ = try runProcess("/usr/bin/sqlite3", [log, "UPDATE meta SET value = 99999999 WHERE key = 'indexed_through'"])
        let bad = try eventlog("verify", log)
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(
            bad.error, "eventlog: \(log): verification failed at sequence 61: the stream index says it runs through event 99999999, but its last run ends at 60\n"
        )
    }

    /// Control characters in a stream or type name are escaped in text, never in JSON.
    func test_cat_escapesControlCharactersInNames_inTextOnly() throws {
        let path = directory.path("names.sqlite")
        let log = try SQLiteEventLog(path: path, clock: .constant(.epoch), options: .init(durability: .normal))
        try log.append([NewEvent(streamID: "two\nlines", type: "bell\u{1B}[7m\ttab", schemaVersion: 1, payload: [1])])
        try log.close()
        let text = try eventlog("cat", path)
        XCTAssertEqual(text.status, 0, text.error)
        XCTAssertEqual(lines(text.output).count, 1, text.output)
        XCTAssertTrue(text.output.contains("  two\\nlines#1  bell\\u{1B}[7m\\ttab v1  "), text.output)
        let json = try eventlog("cat", path, "--json")
        XCTAssertTrue(json.output.contains(#""stream":"two\nlines""#), json.output)
        XCTAssertTrue(json.output.contains(#""type":"bell\u001b[7m\ttab""#), json.output)
    }

    func test_exportThenImport_rebuildsTheSameLog() throws {
        let log = try makeLedger()
        let exported = directory.path("export.jsonl")
        XCTAssertEqual(try eventlog("export", log, "--output", exported).status, 0)
        let copy = directory.path("copy.sqlite")
        let imported = try eventlog("import", copy, "--input", exported)
        XCTAssertEqual(imported.status, 0, imported.error)
        XCTAssertTrue(imported.output.contains("imported 61 events"), imported.output)
        XCTAssertEqual(try eventlog("verify", copy).status, 0)
        let again = try eventlog("export", copy)
        XCTAssertEqual(again.output, try String(contentsOfFile: exported, encoding: .utf8), "export → import → export is lossless")
        let viaStdin = try eventlog("import", directory.path("stdin.sqlite"), input: try Data(contentsOf: URL(fileURLWithPath: exported)))
        XCTAssertEqual(viaStdin.status, 0, viaStdin.error)
    }

    /// `export -o` naming the log itself (or through a link, or its WAL) is refused before the
    /// file is touched: it used to empty the log and then fail reading it.
    func test_exportOverTheLogItself_isRefused_andTheLogStays() throws {
        let log = try makeLedger()
        let before = try eventlog("export", log).output
        let link = directory.path("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: log)
        for target in [log, link, log + "-wal"] {
            let result = try eventlog("export", log, "-o", target)
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(result.error, "eventlog: -o \(target): is the log itself; export it to another file\n")
        }
        XCTAssertEqual(try eventlog("export", log).output, before)
    }

    /// Two imports creating the same new log: the one that finishes second fails and leaves the
    /// first's log as it is (it used to remove the file it thought it had created).
    func test_twoImportsIntoOneNewLog_theSecondFails_andTheFirstsLogStays() throws {
        let exported = directory.path("ledger.jsonl")
        XCTAssertEqual(try eventlog("export", try makeLedger(), "-o", exported).status, 0)
        let target = directory.path("new.sqlite")
        let slow = Process()
        slow.executableURL = URL(fileURLWithPath: tool)
        slow.arguments = ["import", target]
        let input = Pipe()
        let errors = Pipe()
        slow.standardInput = input
        slow.standardError = errors
        slow.standardOutput = FileHandle.nullDevice
        try slow.run()
        let lines = try String(contentsOfFile: exported, encoding: .utf8).split(separator: "\n")
        try input.fileHandleForWriting.write(contentsOf: Data((lines[0] + "\n").utf8))
        // The slow import is under way, in a file of its own: the log's name is still free.
        let deadline = Date().addingTimeInterval(20)
        while !((try? FileManager.default.contentsOfDirectory(atPath: directory.url.path)) ?? []).contains(where: { $0.hasPrefix("new.sqlite.importing-") }) {
            guard Date() < deadline else { slow.terminate(); return XCTFail("the import never started its own file") }
            usleep(2_000)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
        XCTAssertEqual(try eventlog("import", target, "--input", exported).status, 0)
        try input.fileHandleForWriting.write(contentsOf: Data((lines.dropFirst().joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        slow.waitUntilExit()
        XCTAssertEqual(slow.terminationStatus, 1)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(message, "eventlog: \(target): another process created it during the import; nothing was imported\n")
        XCTAssertTrue(try eventlog("verify", target).output.hasPrefix("ok: \(lines.count) events"))
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).contains { $0.contains(".importing-") })
    }

    func test_import_refusesATamperedOrMalformedLine_andImportsNothing() throws {
        let log = try makeLedger()
        var exported = lines(try eventlog("export", log).output)
        var tampered = exported
        tampered[9] = tampered[9].replacingOccurrences(of: "\"stream\":\"acct-", with: "\"stream\":\"acct-9")
        let target = directory.path("tampered.sqlite")
        let refused = try eventlog("import", target, input: Data(tampered.joined(separator: "\n").utf8))
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(lines(refused.error).count, 1, refused.error)
        XCTAssertTrue(refused.error.contains("stdin:10:"), refused.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target), "a refused import leaves no log behind")

        exported[2] = "{\"seq\": 3, "
        let malformedFile = directory.path("malformed.jsonl")
        try exported.joined(separator: "\n").write(toFile: malformedFile, atomically: true, encoding: .utf8)
        let malformed = try eventlog("import", directory.path("malformed.sqlite"), "--input", malformedFile)
        XCTAssertEqual(malformed.status, 1)
        XCTAssertTrue(malformed.error.contains("malformed.jsonl:3: not valid JSON"), malformed.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("malformed.sqlite")))

        let existing = try makeLedger("existing.sqlite")
        let overlapping = try eventlog("import", existing, input: Data(lines(try eventlog("export", log).output).joined(separator: "\n").utf8))
        XCTAssertEqual(overlapping.status, 1)
        XCTAssertTrue(overlapping.error.contains("stdin:1: event 1: expected sequence 62"), overlapping.error)
        XCTAssertTrue(try eventlog("info", existing).output.contains("events:          61"), "the existing log is untouched")

        let missingField = try eventlog("import", directory.path("x.sqlite"), input: Data("{\"seq\":1}\n".utf8))
        XCTAssertTrue(missingField.error.contains("stdin:1: missing field"), missingField.error)
    }

    func test_badInput_getsOneClearLineAndANonZeroExit() throws {
        let missing = try eventlog("info", directory.path("nope.sqlite"))
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.error, "eventlog: \(directory.path("nope.sqlite")): no such file\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("nope.sqlite")), "reading never creates a log")
        XCTAssertEqual(try eventlog("info", directory.url.path).error, "eventlog: \(directory.url.path): is a directory, not an event log\n")
        XCTAssertEqual(try eventlog("info", "").error, "eventlog: the event log's path is empty\n")
        // A path the system cannot follow is named with its reason, not as missing.
        let loop = directory.path("loop.sqlite")
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        XCTAssertEqual(try eventlog("info", loop).error, "eventlog: \(loop): cannot open (Too many levels of symbolic links)\n")
        XCTAssertEqual(try eventlog("import", directory.path("i.sqlite"), "--input", loop).error,
                       "eventlog: \(loop): cannot open (Too many levels of symbolic links)\n")
        // A new log where none can be made: the directory is named.
        let nowhere = directory.path("missing/new.sqlite")
        XCTAssertEqual(try eventlog("import", nowhere, input: Data()).error,
                       "eventlog: \(nowhere): cannot create the log (no such directory \(directory.path("missing")))\n")
        let file = directory.path("plain.txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        XCTAssertEqual(try eventlog("import", file + "/new.sqlite", input: Data()).error,
                       "eventlog: \(file)/new.sqlite: cannot create the log (\(file) is not a directory)\n")
        // Standard input closed: its read fails in one line, and no log is made.
        let closedInput = try runProcess("/bin/sh", ["-c", "exec \"$0\" import \"$1\" <&-", tool, directory.path("closed.sqlite")])
        XCTAssertEqual(closedInput.status, 1)
        XCTAssertTrue(closedInput.error.hasPrefix("eventlog: stdin: cannot read ("), closedInput.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("closed.sqlite")))

        let text = directory.path("notes.txt")
        try "just some text, not a database at all".write(toFile: text, atomically: true, encoding: .utf8)
        let notALog = try eventlog("cat", text)
        XCTAssertEqual(notALog.status, 1)
        XCTAssertEqual(lines(notALog.error).count, 1, notALog.error)
        XCTAssertTrue(notALog.error.contains("not an event log"), notALog.error)

        let log = try makeLedger()
        _ = try runProcess("/usr/bin/sqlite3", [log, "UPDATE meta SET value = 8 WHERE key = 'format_version';"])
        let newer = try eventlog("verify", log)
        XCTAssertEqual(newer.status, 1)
        XCTAssertTrue(newer.error.contains("format version 8 is newer"), newer.error)

        // Usage errors too: one line and status 1, as every tool of the repository.
        let noSubcommand = try eventlog()
        XCTAssertEqual(noSubcommand.status, 1)
        XCTAssertEqual(lines(noSubcommand.error).count, 1, noSubcommand.error)
        XCTAssertTrue(noSubcommand.error.hasPrefix("eventlog: missing subcommand: one of "), noSubcommand.error)
        XCTAssertTrue(noSubcommand.error.contains("verify"), noSubcommand.error)
        XCTAssertEqual(noSubcommand.output, "")
        let noArgument = try eventlog("cat")
        XCTAssertEqual(noArgument.status, 1)
        XCTAssertEqual(noArgument.error, "eventlog: Missing expected argument '<log>'\n")
        let fromZero = try eventlog("cat", log, "--from", "0")
        XCTAssertEqual(fromZero.status, 1)
        XCTAssertEqual(fromZero.error, "eventlog: --from must be at least 1\n")
        // A negative number is the option's value, checked and named, not taken for an option.
        let fromNegative = try eventlog("cat", log, "--from", "-5")
        XCTAssertEqual(fromNegative.error, "eventlog: --from must be at least 1\n")
        let negativeTail = try eventlog("tail", log, "-n", "-5")
        XCTAssertEqual(negativeTail.error, "eventlog: -n must not be negative\n")
    }

    /// A full disk under stderr or stdout (`/dev/full`) costs the message, not a crash: the exit
    /// status still tells.
    func test_aFullStderrOrStdout_exitsWithStatus1_insteadOfTrapping() throws {
        let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        let missing = try runTool(["info", directory.path("nope.sqlite")], output: FileHandle.nullDevice, error: full)
        XCTAssertEqual(missing.reason, .exit)
        XCTAssertEqual(missing.status, 1)

        let tail = try runTool(["tail", "-n", "5", try makeLedger()], output: full, error: FileHandle.nullDevice)
        XCTAssertEqual(tail.reason, .exit)
        XCTAssertEqual(tail.status, 1)
    }

    /// Output that cannot be written is a failure, whether the command prints it (`cat`, `info`)
    /// or writes it (`export`): status 1 and one line, never status 0 with the output lost.
    func test_outputOnAFullDisk_isStatus1_andOneLine() throws {
        let log = try makeLedger()
        let errors = directory.path("errors.txt")
        for arguments in [["cat", log], ["info", log], ["export", log], ["export", log, "-o", "/dev/full"]] {
            _ = FileManager.default.createFile(atPath: errors, contents: nil)
            let error = try XCTUnwrap(FileHandle(forWritingAtPath: errors))
            let result = try runTool(arguments, output: try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full")), error: error)
            try error.close()
            XCTAssertEqual(result.status, 1, arguments.joined(separator: " "))
            let message = try String(contentsOfFile: errors, encoding: .utf8)
            let target = arguments.last == "/dev/full" ? "/dev/full" : "standard output"
            XCTAssertEqual(message, "eventlog: \(target): cannot write (No space left on device)\n", arguments.joined(separator: " "))
        }
        var status = stat()
        XCTAssertEqual(stat("/dev/full", &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR, "export -o writes into the device, it does not replace it with a file")
        // A regular file is still written whole.
        let copy = directory.path("copy.jsonl")
        XCTAssertEqual(try runTool(["export", log, "-o", copy], output: FileHandle.nullDevice, error: FileHandle.nullDevice).status, 0)
        XCTAssertEqual(try eventlog("export", log).output, try String(contentsOfFile: copy, encoding: .utf8))
    }

    /// Runs `eventlog` with its output and errors going to `output` and `error`.
    private func runTool(_ arguments: [String], output: FileHandle, error: FileHandle) throws -> (reason: Process.TerminationReason, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus)
    }

    func test_tail_printsTheLastEvents_andFollowsNewOnes() throws {
        let log = try makeLedger()
        let last = try eventlog("tail", log, "-n", "2")
        XCTAssertEqual(lines(last.output).count, 2)
        XCTAssertTrue(lines(last.output)[1].contains("future.thing"), last.output)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["tail", "-f", "-n", "0", log]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { process.terminate() }
        usleep(300_000)
        let writer = try SQLiteEventLog(path: log, clock: .live)
        try writer.append([Withdrawn(account: "acct-live", amount: 5).newEvent(stream: "acct-live")])
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        XCTAssertTrue(line.contains("acct-live#1"), line)
    }
}

extension EventLogCLITests {
    /// `fixtures/eventlog/ledger.jsonl`: a small log exported by `platform demo`, with one event
    /// of a type no tool knows (kept as bytes).
    var fixture: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fixtures/eventlog/ledger.jsonl").path
    }

    func test_fixture_importsVerifiesAndReadsBack() throws {
        let log = directory.path("fixture.sqlite")
        let imported = try eventlog("import", log, "--input", fixture)
        XCTAssertEqual(imported.status, 0, imported.error)
        let verified = try eventlog("verify", log)
        XCTAssertEqual(verified.status, 0, verified.error)
        XCTAssertEqual(try eventlog("export", log).output, try String(contentsOfFile: fixture, encoding: .utf8))
        let unknown = try eventlog("cat", log, "--type", "future.thing")
        XCTAssertTrue(unknown.output.contains("<3 bytes, type not known to this tool>"), unknown.output)
    }
}

extension EventLogCLITests {
    func test_replay_printsTheStateAtAnySequence_fromSnapshotOrStart() throws {
        let log = try makeLedger()
        let atEnd = try eventlog("replay", log, "--projection", "demo.ledger")
        XCTAssertEqual(atEnd.status, 0, atEnd.error)
        XCTAssertTrue(atEnd.error.contains("from snapshot 3 at 60, 0 events folded"), atEnd.error)
        let state = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(atEnd.output.utf8)) as? [String: Any])
        XCTAssertEqual(state["eventCount"] as? Int, 60)

        let middle = try eventlog("replay", log, "--projection", "demo.ledger", "--at", "45")
        XCTAssertTrue(middle.error.contains("at sequence 45: from snapshot 2 at 40, 5 events folded"), middle.error)
        let fromStart = try eventlog("replay", log, "--projection", "demo.ledger", "--at", "45", "--from-start")
        XCTAssertTrue(fromStart.error.contains("from the start, 45 events folded"), fromStart.error)
        XCTAssertEqual(fromStart.output, middle.output, "replay from a snapshot equals replay from the start")

        let unknown = try eventlog("replay", log, "--projection", "nope")
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.error.contains("unknown projection 'nope'"), unknown.error)
        let past = try eventlog("replay", log, "--projection", "demo.ledger", "--at", "999")
        XCTAssertEqual(past.status, 1)
        XCTAssertTrue(past.error.contains("past the end of the log (61)"), past.error)
    }
}

extension EventLogCLITests {
    func test_platformDemo_isDeterministic_andReplayAgrees() throws {
        let platform = productsDirectory().appendingPathComponent("platform").path
        func demo(_ name: String, seed: String) throws -> String {
            let result = try runProcess(platform, ["demo", "--log", directory.path(name), "--events", "3000", "--batch", "70", "--snapshot-every", "1000", "--seed", seed])
            XCTAssertEqual(result.status, 0, result.error)
            XCTAssertTrue(result.output.contains("states agree: replay = snapshot + tail"), result.output)
            return try XCTUnwrap(result.output.split(separator: "\n").first { $0.hasPrefix("log head hash:") }.map(String.init))
        }
        XCTAssertEqual(try demo("a.sqlite", seed: "7"), try demo("b.sqlite", seed: "7"))
        XCTAssertNotEqual(try demo("c.sqlite", seed: "7"), try demo("d.sqlite", seed: "8"))
        XCTAssertEqual(try eventlog("verify", directory.path("a.sqlite")).status, 0)
        let negative = try runProcess(platform, ["demo", "--log", directory.path("e.sqlite"), "--events", "-1"])
        XCTAssertEqual(negative.status, 1)
        XCTAssertEqual(negative.error, "platform: --events, --batch, --accounts and --snapshot-every must be positive\n")
    }
}
