import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import GRDB
import CitySimulation
import PlatformKit
import XCTest

/// `platform simulate` / `platform replay` end to end, through the built binary.
final class PlatformCLITests: XCTestCase {
    private let platform = productsDirectory().appendingPathComponent("platform").path
    private let eventlog = productsDirectory().appendingPathComponent("eventlog").path
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures").path
    private let run = ["--riders", "400", "--drivers", "60", "--hours", "2", "--snapshot-every", "3000", "--fixtures", PlatformCLITests.fixtures]
    /// A run long enough (~2 s in a debug build) to act on while it goes on.
    private static let longer = ["--riders", "1000", "--drivers", "150", "--hours", "2", "--snapshot-every", "5000", "--fixtures", fixtures]

    /// Starts the `longer` run on `path` in the background, its stderr to `error`, and returns
    /// once it has committed a batch (whose first event holds the options `--resume` reads; the
    /// WAL's size is no sign of that: a batch's pages are in it before its commit).
    private func startLongerRun(_ path: String, error: Any? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: platform)
        process.arguments = ["simulate", "--log", path] + Self.longer
        process.standardOutput = FileHandle.nullDevice
        if let error { process.standardError = error }
        try process.run()
        while process.isRunning, committedEvents(path) == 0 {
            usleep(2_000)
        }
        return process
    }

    private func hash(_ output: String) -> String? {
        output.split(separator: "\n").last { $0.hasPrefix("log head hash: ") }.map(String.init)
    }

    private func events(_ output: String) -> String {
        output.split(separator: "\n").first { $0.hasPrefix("run: ") }.map { String($0.split(separator: " ")[1]) } ?? "?"
    }

    private func summary(_ output: String) -> [Substring] {
        output.split(separator: "\n").filter { !$0.hasPrefix("run: ") && !$0.hasPrefix("report: ") && !$0.hasPrefix("replay: ") }
    }

    func test_simulate_isDeterministic_andReplayPrintsTheSameSummary() throws {
        let directory = TemporaryDirectory()
        let first = try runProcess(platform, ["simulate", "--log", directory.path("a.sqlite"), "--report", directory.path("r.json")] + run)
        let second = try runProcess(platform, ["simulate", "--log", directory.path("b.sqlite")] + run)
        XCTAssertEqual(first.status, 0, first.error)
        XCTAssertNotNil(hash(first.output))
        XCTAssertEqual(hash(first.output), hash(second.output))
        let other = try runProcess(platform, ["simulate", "--log", directory.path("c.sqlite"), "--seed", "2"] + run)
        XCTAssertNotEqual(hash(first.output), hash(other.output))

        let replay = try runProcess(platform, ["replay", "--log", directory.path("a.sqlite")])
        XCTAssertEqual(replay.status, 0, replay.error)
        XCTAssertEqual(summary(replay.output), summary(first.output))
        let pastTheEnd = try runProcess(platform, ["replay", "--log", directory.path("a.sqlite"), "--at", "999999999"])
        XCTAssertEqual(pastTheEnd.status, 1)
        XCTAssertTrue(pastTheEnd.error.contains("past the end"), pastTheEnd.error)
        let verified = try runProcess(platform, ["replay", "--log", directory.path("a.sqlite"), "--verify"])
        XCTAssertEqual(verified.status, 0, verified.error)
        XCTAssertTrue(verified.output.hasPrefix("verified: "))
        XCTAssertEqual(summary(verified.output).dropFirst(), summary(first.output)[...])
        let verifiedEarlier = try runProcess(platform, ["replay", "--log", directory.path("a.sqlite"), "--verify", "--at", "5000"])
        let earlier = try runProcess(platform, ["replay", "--log", directory.path("a.sqlite"), "--at", "5000"])
        XCTAssertEqual(summary(verifiedEarlier.output).dropFirst(), summary(earlier.output)[...])

        let html = try String(contentsOfFile: directory.path("r.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<svg") && !html.contains("http"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory.path("r.json")))) as? [String: Any]
        XCTAssertNotNil(json?["summary"])
    }

    func test_sigkillOrCtrlCMidRun_thenResume_reachesTheUninterruptedHash() throws {
        let directory = TemporaryDirectory()
        let reference = try runProcess(platform, ["simulate", "--log", directory.path("full.sqlite")] + Self.longer)
        XCTAssertEqual(reference.status, 0, reference.error)

        let path = directory.path("killed.sqlite")
        let process = try startLongerRun(path)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let verify = try runProcess(eventlog, ["verify", path])
        XCTAssertEqual(verify.status, 0, verify.output + verify.error)
        XCTAssertGreaterThan(committedEvents(path), 0)
        XCTAssertFalse(verify.output.contains(" \(events(reference.output)) events"), "the kill came after the run ended: \(verify.output)")
        let resumed = try runProcess(platform, ["simulate", "--resume", "--log", path, "--fixtures", Self.fixtures])
        XCTAssertEqual(resumed.status, 0, resumed.error)
        XCTAssertEqual(hash(resumed.output), hash(reference.output))

        // Ctrl-C: the run stops at its last whole batch and says so, with status 130.
        let interruptedPath = directory.path("interrupted.sqlite")
        let errors = Pipe()
        let interrupted = try startLongerRun(interruptedPath, error: errors)
        kill(interrupted.processIdentifier, SIGINT)
        interrupted.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(interrupted.terminationStatus, 130, message)
        let stored = committedEvents(interruptedPath)
        XCTAssertTrue(message.hasPrefix("platform: interrupted (SIGINT) at virtual time 2026-11-18T"), message)
        XCTAssertTrue(message.hasSuffix(
            "; \(interruptedPath) ends at event \(stored), its last whole batch: `platform simulate --resume --log \(interruptedPath)` continues the run\n"
        ), message)
        XCTAssertEqual(message.filter { $0 == "\n" }.count, 1, message)
        XCTAssertEqual(try runProcess(eventlog, ["verify", interruptedPath]).status, 0)
        let continued = try runProcess(platform, ["simulate", "--resume", "--log", interruptedPath, "--fixtures", Self.fixtures])
        XCTAssertEqual(continued.status, 0, continued.error)
        XCTAssertEqual(hash(continued.output), hash(reference.output))
    }

    /// SIGTERM once the run's last event is stored (during its final snapshots, its summary, or
    /// while its report waits for a reader of the pipe it goes to) stops the command as a SIGTERM
    /// mid-run does: the same line, status 143, no head hash, and a log `--resume` finishes.
    func test_sigtermAfterTheLastEvent_stopsAsMidRun_andResumeFinishes() throws {
        let directory = TemporaryDirectory()
        let reference = try runProcess(platform, ["simulate", "--log", directory.path("full.sqlite")] + run)
        XCTAssertEqual(reference.status, 0, reference.error)
        let last = try XCTUnwrap(Int64(events(reference.output)))

        // The report goes to a pipe no one reads yet: the command cannot end before it is opened.
        let path = directory.path("late.sqlite")
        let pipe = directory.path("report.pipe")
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: platform)
        process.arguments = ["simulate", "--log", path, "--report", pipe] + run
        let (output, errors) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (output, errors)
        try process.run()
        while process.isRunning, committedEvents(path) < last {
            usleep(2_000)
        }
        kill(process.processIdentifier, SIGTERM)
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 143, message)
        XCTAssertTrue(message.hasPrefix("platform: interrupted (SIGTERM) at virtual time 2026-11-18T"), message)
        XCTAssertTrue(message.hasSuffix(
            "; \(path) ends at event \(last), its last whole batch: `platform simulate --resume --log \(path)` continues the run\n"
        ), message)
        XCTAssertEqual(message.filter { $0 == "\n" }.count, 1, message)
        XCTAssertNil(hash(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)))
        XCTAssertEqual(try runProcess(eventlog, ["verify", path]).status, 0)
        let resumed = try runProcess(platform, ["simulate", "--resume", "--log", path, "--fixtures", Self.fixtures])
        XCTAssertEqual(resumed.status, 0, resumed.error)
        XCTAssertEqual(hash(resumed.output), hash(reference.output))
    }

    /// A killed run's log another tool then appended to: resume names the first event that is not
    /// the run's, and leaves the log as it was.
    func test_resumeAfterAnotherToolAppended_namesTheForeignEvent() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let process = try startLongerRun(path)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let log = try SQLiteEventLog(path: path, clock: .constant(.epoch), options: .init(createIfMissing: false))
        let foreign = try log.lastSequence() + 1
        try log.append([NewEvent(streamID: "notes/1", type: "note.written", payload: Array("hello".utf8))])
        let head = try log.headHash()
        try log.close()
        let resumed = try runProcess(platform, ["simulate", "--resume", "--log", path, "--fixtures", Self.fixtures])
        XCTAssertEqual(resumed.status, 1)
        XCTAssertEqual(
            resumed.error,
            "platform: event \(foreign) (note.written) is not the one this run writes there: another tool appended to the log, "
                + "or another build of the simulation wrote it; only a log this build's run alone wrote can be resumed\n"
        )
        XCTAssertEqual(try SQLiteEventLog(path: path, clock: .constant(.epoch), options: .init(createIfMissing: false)).headHash(), head)
    }

    /// Run from a directory outside the repository, without `--fixtures`, the simulation finds
    /// the repository's fixtures by the path of its build, and writes the same city.
    func test_simulateFromAnotherDirectory_findsTheFixtures() throws {
        let directory = TemporaryDirectory()
        let options = ["--riders", "400", "--drivers", "60", "--hours", "2", "--snapshot-every", "3000"]
        let elsewhere = try runProcess(platform, ["simulate", "--log", "elsewhere.sqlite"] + options, directory: directory.url.path)
        XCTAssertEqual(elsewhere.status, 0, elsewhere.error)
        let here = try runProcess(platform, ["simulate", "--log", directory.path("here.sqlite")] + run)
        XCTAssertEqual(hash(elsewhere.output), hash(here.output))
    }

    func test_resumeOfALogWithoutARun_startsOneWithTheCommandsOptions() throws {
        let directory = TemporaryDirectory()
        let fresh = try runProcess(platform, ["simulate", "--log", directory.path("fresh.sqlite")] + run)
        XCTAssertEqual(fresh.status, 0, fresh.error)
        let empty = directory.path("empty.sqlite")
        try SQLiteEventLog(path: empty, clock: .constant(.epoch)).close()
        let resumed = try runProcess(platform, ["simulate", "--resume", "--log", empty] + run)
        XCTAssertEqual(resumed.status, 0, resumed.error)
        XCTAssertTrue(resumed.error.contains("holds no run yet"), resumed.error)
        XCTAssertEqual(hash(resumed.output), hash(fresh.output))
    }

    func test_resumeWithAnotherRunsOption_isRefused_andWithItsOwnContinues() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("a.sqlite")
        let first = try runProcess(platform, ["simulate", "--log", path] + run)
        XCTAssertEqual(first.status, 0, first.error)
        let otherSeed = try runProcess(platform, ["simulate", "--resume", "--log", path, "--seed", "2", "--fixtures", Self.fixtures])
        XCTAssertEqual(otherSeed.status, 1)
        XCTAssertEqual(otherSeed.error, "platform: --resume: \(path) holds a run with --seed 1, not 2; leave --seed out to continue it\n")
        let otherCity = try runProcess(platform, ["simulate", "--resume", "--log", path, "--riders", "401", "--fixtures", Self.fixtures])
        XCTAssertEqual(otherCity.status, 1)
        XCTAssertTrue(otherCity.error.contains("--riders 400, not 401"), otherCity.error)
        let same = try runProcess(platform, ["simulate", "--resume", "--log", path] + run)
        XCTAssertEqual(same.status, 0, same.error)
        XCTAssertEqual(hash(same.output), hash(first.output))
    }

    /// Two runs into one log (a run, and `--resume` of it started while it still runs): the one
    /// that finds the other's events where its own next ones belong stops with one line and
    /// status 1, the other finishes, and the log holds one run.
    func test_twoRunsIntoOneLog_oneStops_andTheLogHoldsTheOther() throws {
        let directory = TemporaryDirectory()
        let reference = try runProcess(platform, ["simulate", "--log", directory.path("alone.sqlite")] + Self.longer)
        XCTAssertEqual(reference.status, 0, reference.error)

        let path = directory.path("shared.sqlite")
        let firstError = Pipe()
        let first = try startLongerRun(path, error: firstError)
        let second = try runProcess(platform, ["simulate", "--resume", "--log", path, "--fixtures", Self.fixtures])
        first.waitUntilExit()
        let firstMessage = String(decoding: firstError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        let statuses = [first.terminationStatus, second.status].sorted()
        XCTAssertEqual(statuses, [0, 1], "first: \(firstMessage), second: \(second.error)")
        let stopped = first.terminationStatus == 1 ? firstMessage : second.error
        XCTAssertTrue(stopped.hasPrefix("platform: \(path): expected the log to end at sequence "), stopped)
        XCTAssertTrue(stopped.hasSuffix(": another writer appended to it\n"), stopped)
        let verify = try runProcess(eventlog, ["verify", path])
        XCTAssertEqual(verify.status, 0, verify.output + verify.error)
        XCTAssertTrue(verify.output.contains(" \(events(reference.output)) events"), verify.output)
    }

    /// A replay of a log that a run still appends to is the run's state at one sequence number,
    /// every module alike: the summary `--at` that sequence prints once the run is over. (Before
    /// each projection was replayed to the end it found, most such replays mixed two ends.)
    func test_replaysOfALogStillWritten_areEachTheStateAtOneSequence() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("live.sqlite")
        let run = try startLongerRun(path)
        var live: [String] = []
        while run.isRunning, live.count < 8 {
            let replay = try runProcess(platform, ["replay", "--log", path])
            XCTAssertEqual(replay.status, 0, replay.error)
            live.append(replay.output)
        }
        run.waitUntilExit()
        XCTAssertFalse(live.isEmpty, "the run ended before a replay")
        for output in live {
            let replayLine = try XCTUnwrap(output.split(separator: "\n").first { $0.hasPrefix("replay: ") })
            let words = replayLine.split(separator: " ")
            let sequence = try XCTUnwrap(words.firstIndex(of: "sequence").map { String(words[$0 + 1]) }, String(replayLine))
            let later = try runProcess(platform, ["replay", "--log", path, "--at", sequence])
            XCTAssertEqual(later.status, 0, later.error)
            XCTAssertEqual(summary(output).dropLast(), summary(later.output).dropLast(), "at sequence \(sequence)")
        }
    }

    /// A finished run resumed appends nothing (each resume used to store every final snapshot
    /// again), and prints the run's summary and head hash.
    func test_resumeOfAFinishedRun_appendsNothing() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("finished.sqlite")
        let first = try runProcess(platform, ["simulate", "--log", path] + run)
        XCTAssertEqual(first.status, 0, first.error)
        let snapshots = try runProcess(eventlog, ["snapshots", path])
        XCTAssertEqual(snapshots.status, 0, snapshots.error)
        for _ in 0..<2 {
            let resumed = try runProcess(platform, ["simulate", "--resume", "--log", path, "--fixtures", Self.fixtures])
            XCTAssertEqual(resumed.status, 0, resumed.error)
            XCTAssertEqual(summary(resumed.output), summary(first.output))
            XCTAssertEqual(hash(resumed.output), hash(first.output))
            XCTAssertEqual(events(resumed.output), events(first.output))
            XCTAssertEqual(try runProcess(eventlog, ["snapshots", path]).output, snapshots.output)
        }
    }

    /// The `replay:` line says where the replay started: from the newest snapshots, from the start
    /// of the log when no projection has a snapshot at or before where it stops, or both.
    func test_replayLine_saysWhetherTheReplayStartedFromSnapshots() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("r.sqlite")
        let simulated = try runProcess(platform, ["simulate", "--log", path] + run)
        XCTAssertEqual(simulated.status, 0, simulated.error)
        let end = events(simulated.output)
        func replayLine(_ arguments: [String] = []) throws -> String {
            let replay = try runProcess(platform, ["replay", "--log", path] + arguments)
            XCTAssertEqual(replay.status, 0, replay.error)
            let line = replay.output.split(separator: "\n").first { $0.hasPrefix("replay: ") }.map(String.init) ?? replay.output
            // The time it took, left out: "replay: 0.12 s from …" → "from …".
            return line.split(separator: " ").dropFirst(3).joined(separator: " ")
        }
        XCTAssertEqual(try replayLine(), "from the newest snapshots to sequence \(end)")
        XCTAssertEqual(try replayLine(["--at", "1"]), "from the start to sequence 1 (no usable snapshot at or before it)")
        // The first snapshot: one projection's, the others' come later.
        let database = try DatabaseQueue(path: path)
        let first = try XCTUnwrap(database.read { try Int64.fetchOne($0, sql: "SELECT min(sequence) FROM snapshots") })
        let snapshotted = try XCTUnwrap(database.read {
            try Int.fetchOne($0, sql: "SELECT count(DISTINCT projection) FROM snapshots WHERE sequence <= ?", arguments: [first])
        })
        let projections = SimulationRun.projections.count
        XCTAssertLessThan(snapshotted, projections)
        XCTAssertEqual(
            try replayLine(["--at", "\(first)"]),
            "from the newest snapshots to sequence \(first) (\(projections - snapshotted) of \(projections) projections from the start: "
                + "no usable snapshot at or before it)"
        )
        // A log without snapshots (a run interrupted before its first).
        try database.write { try $0.execute(sql: "DELETE FROM snapshot_data; DELETE FROM snapshots") }
        try database.close()
        XCTAssertEqual(try replayLine(), "from the start to sequence \(end) (no usable snapshot at or before it)")
    }

    /// The events committed to the log at `path`, read as another process may while it is written
    /// (0 before its schema is).
    private func committedEvents(_ path: String) -> Int64 {
        var configuration = Configuration()
        configuration.readonly = true
        guard let database = try? DatabaseQueue(path: path, configuration: configuration) else { return 0 }
        return (try? database.read { try Int64.fetchOne($0, sql: "SELECT MAX(last_seq) FROM event_blocks") }) ?? 0
    }

    /// `platform` allocates with jemalloc, set up by `CJemallocSettings` and `Allocator`: a run
    /// and a verification give freed pages back after a second, a replay keeps them (kept
    /// through a verification of the 2 000 000-rider log, they grew to 24 GB); none uses jemalloc's
    /// huge-page allocator (it can hang in 5.3.0). jemalloc prints the settings in force at exit
    /// when asked to (only its general section here: a few kilobytes); glibc's malloc prints nothing.
    func test_theAllocator_isJemalloc_withTheDecayOfEachCommand() throws {
        let directory = TemporaryDirectory()
        let statistics = ["MALLOC_CONF": "stats_print:true,stats_print_opts:mdablxeh"]
        let simulate = try runProcess(platform, ["simulate", "--log", directory.path("a.sqlite")] + run, environment: statistics)
        XCTAssertEqual(simulate.status, 0, simulate.error)
        XCTAssertTrue(simulate.error.contains("(arenas.dirty_decay_ms: 1000)"), simulate.error)
        XCTAssertTrue(simulate.error.contains("opt.hpa: false"), simulate.error)
        let replay = try runProcess(platform, ["replay", "--log", directory.path("a.sqlite")], environment: statistics)
        XCTAssertEqual(replay.status, 0, replay.error)
        XCTAssertTrue(replay.error.contains("(arenas.dirty_decay_ms: -1)"), replay.error)
        XCTAssertTrue(replay.error.contains("(arenas.muzzy_decay_ms: -1)"), replay.error)
        let verify = try runProcess(platform, ["replay", "--verify", "--log", directory.path("a.sqlite")], environment: statistics)
        XCTAssertEqual(verify.status, 0, verify.error)
        XCTAssertTrue(verify.error.contains("(arenas.dirty_decay_ms: 1000)"), verify.error)
    }

    func test_badInput_getsOneLineAndExitStatus1() throws {
        let directory = TemporaryDirectory()
        let missing = try runProcess(platform, ["replay", "--log", directory.path("missing.sqlite")])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.error.split(separator: "\n").count, 1)
        _ = FileManager.default.createFile(atPath: directory.path("junk.sqlite"), contents: Data("not a log".utf8))
        let junk = try runProcess(platform, ["replay", "--log", directory.path("junk.sqlite")])
        XCTAssertEqual(junk.status, 1)
        XCTAssertEqual(junk.error.split(separator: "\n").count, 1, junk.error)
        let noResume = try runProcess(platform, ["simulate", "--resume", "--log", directory.path("none.sqlite")])
        XCTAssertEqual(noResume.status, 1)
        let badOption = try runProcess(platform, ["simulate", "--riders", "0", "--log", directory.path("x.sqlite")])
        XCTAssertNotEqual(badOption.status, 0)
        XCTAssertTrue(badOption.error.contains("--riders"), badOption.error)
        let noSnapshots = try runProcess(platform, ["simulate", "--snapshot-every", "0", "--log", directory.path("y.sqlite")])
        XCTAssertEqual(noSnapshots.status, 1)
        XCTAssertTrue(noSnapshots.error.contains("--snapshot-every"), noSnapshots.error)
        // Refused at once, not after outgrowing memory: nothing is written.
        let hugeCity = try runProcess(platform, ["simulate", "--drivers", "99999999", "--log", directory.path("z.sqlite")])
        XCTAssertEqual(hugeCity.status, 1)
        XCTAssertEqual(hugeCity.error, "platform: --drivers must be between 1 and 500000\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("z.sqlite")))
        // A negative number is named as out of range, not taken for an option.
        let negative = try runProcess(platform, ["simulate", "--hours", "-1", "--log", directory.path("n.sqlite")])
        XCTAssertEqual(negative.error, "platform: --hours must be between 1 and 720\n")
        let negativeAt = try runProcess(platform, ["replay", "--log", directory.path("n.sqlite"), "--at", "-5"])
        XCTAssertEqual(negativeAt.status, 1)
        XCTAssertEqual(negativeAt.error, "platform: --at -5: must not be negative\n")
        let malformedAt = try runProcess(platform, ["replay", "--log", directory.path("n.sqlite"), "--at", "noon"])
        XCTAssertEqual(malformedAt.error, "platform: --at noon: neither a sequence number nor an ISO 8601 time\n")
        let twoLineCity = try runProcess(platform, ["simulate", "--city", "a\nb", "--log", directory.path("c.sqlite")])
        XCTAssertEqual(twoLineCity.error, "platform: --city must not contain control characters (line breaks, tabs)\n")
        // A log some other tool wrote is not a run to resume: one line, and the log is left as it was.
        let ledger = directory.path("ledger.sqlite")
        XCTAssertEqual(try runProcess(platform, ["demo", "--log", ledger, "--events", "40", "--accounts", "4", "--snapshot-every", "20"]).status, 0)
        func head() throws -> String? { try SQLiteEventLog(path: ledger, clock: .live, options: .init(createIfMissing: false)).headHash() }
        let before = try head()
        let notARun = try runProcess(platform, ["simulate", "--resume", "--log", ledger])
        XCTAssertEqual(notARun.status, 1)
        XCTAssertEqual(notARun.error, "platform: --resume: \(ledger) holds 40 events but no simulation run; only a log `platform simulate` started can be resumed\n")
        // Nor a run to replay: its summary had counted every driver consistent without a check.
        let notReplayed = try runProcess(platform, ["replay", "--log", ledger])
        XCTAssertEqual(notReplayed.status, 1)
        XCTAssertEqual(notReplayed.output, "")
        XCTAssertEqual(notReplayed.error, "platform: \(ledger): holds 40 events but no simulation run; `platform replay` reads a log `platform simulate` wrote\n")
        XCTAssertEqual(try head(), before)
    }

    func test_aReportThatCannotBeWritten_isRefusedBeforeTheRun() throws {
        let directory = TemporaryDirectory()
        let log = directory.path("r.sqlite")
        let noDirectory = try runProcess(platform, ["simulate", "--log", log, "--report", directory.path("missing/r.json")] + run)
        XCTAssertEqual(noDirectory.status, 1)
        XCTAssertEqual(noDirectory.error.split(separator: "\n").count, 1, noDirectory.error)
        XCTAssertTrue(noDirectory.error.contains("--report"), noDirectory.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: log), "nothing is written before the report's path is checked")
        try FileManager.default.createDirectory(atPath: directory.path("r.html"), withIntermediateDirectories: false)
        let pageIsADirectory = try runProcess(platform, ["simulate", "--log", log, "--report", directory.path("r.json")] + run)
        XCTAssertEqual(pageIsADirectory.status, 1)
        XCTAssertTrue(pageIsADirectory.error.contains("r.html is a directory"), pageIsADirectory.error)
        let emptyReport = try runProcess(platform, ["simulate", "--log", log, "--report", ""] + run)
        XCTAssertEqual(emptyReport.error, "platform: --report must name a file\n")
        // A report over the log itself would overwrite it at the end of the run.
        let overLog = try runProcess(platform, ["simulate", "--log", directory.path("o.sqlite"), "--report", directory.path("o.sqlite")] + run)
        XCTAssertEqual(overLog.error, "platform: --report \(directory.path("o.sqlite")): \(directory.path("o.sqlite")) is the log itself (\(directory.path("o.sqlite")))\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("o.sqlite")))
        // A disk that fills up under the report: one line with the system's reason, status 1.
        let fullDisk = try runProcess(platform, ["simulate", "--log", directory.path("f.sqlite"), "--report", "/dev/full"] + run)
        XCTAssertEqual(fullDisk.status, 1)
        XCTAssertEqual(fullDisk.error, "platform: /dev/full: cannot write the report (No space left on device)\n")
        let emptyLog = try runProcess(platform, ["simulate", "--log", ""] + run)
        XCTAssertEqual(emptyLog.error, "platform: --log must name a file\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: log))
    }

    /// `--report` of an `.html` file writes the page there and the JSON beside it.
    func test_aReportNamedForItsPage_writesThePageThere_andTheJSONBeside() throws {
        let directory = TemporaryDirectory()
        let report = try runProcess(platform, ["simulate", "--log", directory.path("p.sqlite"), "--report", directory.path("city.html")] + run)
        XCTAssertEqual(report.status, 0, report.error)
        XCTAssertTrue(report.output.contains("report: \(directory.path("city.json")), \(directory.path("city.html"))\n"), report.output)
        XCTAssertTrue(try String(contentsOfFile: directory.path("city.html"), encoding: .utf8).hasPrefix("<!doctype html>"))
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory.path("city.json")))))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("city.html.html")))
    }

    /// `--report` of a device or a pipe writes the JSON there, and makes no page beside it.
    func test_aReportToADeviceOrPipe_isTheJSONAlone() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path("report.pipe")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertEqual(Report.paths(for: fifo).html, nil)
        XCTAssertEqual(Report.paths(for: "/dev/null").html, nil)
        XCTAssertEqual(Report.paths(for: directory.path("r.json")).html, directory.path("r.html"))

        let report = try runProcess(platform, ["simulate", "--log", directory.path("d.sqlite"), "--report", "/dev/stdout"] + run)
        XCTAssertEqual(report.status, 0, report.error)
        XCTAssertTrue(report.output.contains("\"summary\" : {"), report.output)
        XCTAssertTrue(report.output.contains("report: /dev/stdout\n"), report.output)

        // Standard output redirected to a file: the JSON goes after the summary printed before it,
        // and nothing is made beside it (it made `/dev/stdout.html`, and wrote over the summary).
        let file = directory.path("out.txt")
        let redirected = try runProcess("/bin/sh", ["-c", "\"$0\" \"$@\" > \(file)", platform, "simulate", "--log", directory.path("e.sqlite"), "--report", "/dev/stdout"] + run)
        XCTAssertEqual(redirected.status, 0, redirected.error)
        let output = try String(contentsOfFile: file, encoding: .utf8)
        let summaryEnds = try XCTUnwrap(output.range(of: "peak RSS")), json = try XCTUnwrap(output.range(of: "\"summary\" : {"))
        XCTAssertLessThan(summaryEnds.lowerBound, json.lowerBound, output)
        XCTAssertTrue(output.hasSuffix("}\nreport: /dev/stdout\nlog head hash: \(try XCTUnwrap(report.output.split(separator: " ").last))"), output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/dev/stdout.html"))
    }

    /// A snapshot that fails its check is named on stderr as skipped; the replay falls back to an
    /// older one and still prints the run's summary.
    func test_aCorruptSnapshot_isSkippedWithAWarning_andReplayStillPrintsTheSummary() throws {
        let directory = TemporaryDirectory()
        let log = directory.path("w.sqlite")
        let run = try runProcess(platform, ["simulate", "--log", log] + self.run)
        XCTAssertEqual(run.status, 0, run.error)
        let database = try DatabaseQueue(path: log)
        let newest = try XCTUnwrap(database.read { db in
            try Int64.fetchOne(db, sql: "SELECT max(id) FROM snapshots WHERE projection = 'onboarding.accounts'")
        })
        // The frame's last byte (its checksum's) changed.
        try database.write { db in
            try db.execute(sql: """
                UPDATE snapshot_data SET data = substr(data, 1, length(data) - 1)
                    || CASE WHEN substr(data, -1) = X'00' THEN X'01' ELSE X'00' END WHERE snapshot_id = ?
                """, arguments: [newest])
        }
        try database.close()
        let replay = try runProcess(platform, ["replay", "--log", log])
        XCTAssertEqual(replay.status, 0, replay.error)
        XCTAssertEqual(summary(replay.output), summary(run.output))
        let warnings = replay.error.split(separator: "\n")
        XCTAssertEqual(warnings.count, 1, replay.error)
        XCTAssertTrue(warnings[0].hasPrefix("platform: warning: snapshot \(newest) of onboarding.accounts"), replay.error)
        XCTAssertTrue(warnings[0].contains("checksum mismatch"), replay.error)
    }
}
