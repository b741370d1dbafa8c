import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import PlatformKit
import XCTest

/// The `onboarding` binary end to end: transcripts, the log it writes, flow checks and bad input.
final class OnboardingCLITests: XCTestCase {
    let directory = TemporaryDirectory()
    var tool: String { productsDirectory().appendingPathComponent("onboarding").path }
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var flows: String { repository.appendingPathComponent("fixtures/onboarding/flows").path }
    var scripts: String { repository.appendingPathComponent("fixtures/onboarding/scripts").path }

    func onboarding(_ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String, error: String) {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: tool), "build the tools first (`swift build`)")
        return try runProcess(tool, arguments + (arguments.first == "flows" || arguments.contains("--flows") ? [] : ["--flows", flows]), input: input.map { Data($0.utf8) })
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = directory.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func test_run_printsTheTranscript_withSecretsMasked() throws {
        let result = try onboarding(["run", "--market", "us", "--script", "\(scripts)/register-us.txt"])
        XCTAssertEqual(result.status, 0, result.error)
        for expected in ["scenario entry → register (new mobileNumber)", "question q-1 [register]: oneTimeCode | firstName+lastName | email | password | termsAccepted",
                         "errors: email.invalidFormat", "password=••••••", "mobileNumber=+1••••••••23", "session for account-1 (register)", "round trips: 3"] {
            XCTAssertTrue(result.output.contains(expected), "no \(expected) in\n\(result.output)")
        }
        XCTAssertFalse(result.output.contains("analytical1engine"))
        XCTAssertFalse(result.output.contains("555 0123"))
    }

    func test_run_json_andTheSQLiteLog_holdNoSecret() throws {
        let log = directory.path("onboarding.sqlite")
        let script = try write("recover.txt", """
        mobileNumber: +14155550123
        oneTimeCode: {code}
        firstName: Ada
        lastName: Lovelace
        email: ada@example.com
        password: analytical1engine
        termsAccepted: yes
        """)
        XCTAssertEqual(try onboarding(["run", "--market", "us", "--script", script, "--log", log]).status, 0)
        let recovery = try write("recovery.txt", "mobileNumber: +14155550123\noneTimeCode: {code}\npassword: @forgotPassword\noneTimeCode: {code}\npassword: difference2engine\n")
        let result = try onboarding(["run", "--market", "us", "--script", recovery, "--log", log, "--json", "--seed", "9"])
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n")
        XCTAssertFalse(lines.isEmpty)
        var types: [String] = []
        for line in lines {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
            types.append(try XCTUnwrap(object["type"] as? String))
            XCTAssertNotNil(object["data"])
        }
        XCTAssertTrue(types.contains("onboarding.scenario.changed"))
        XCTAssertEqual(types.last, "onboarding.client.session.delivered")
        XCTAssertTrue(result.output.contains(#""to":"accountRecovery""#), result.output)

        let bytes = try Data(contentsOf: URL(fileURLWithPath: log)) + ((try? Data(contentsOf: URL(fileURLWithPath: log + "-wal"))) ?? Data())
        for secret in ["+14155550123", "4155550123", "ada@example.com", "analytical1engine", "difference2engine"] {
            XCTAssertNil(bytes.range(of: Data(secret.utf8)), "\(secret) is in the log file")
        }
        let stored = try SQLiteEventLog(path: log, clock: .live, options: SQLiteEventLogOptions(createIfMissing: false))
        XCTAssertGreaterThan(try stored.lastSequence(), 20)
    }

    /// `inspect` reads an attempt back from `run --log`'s log: the back end's lines of the run's
    /// transcript, in order, then how the attempt ended.
    func test_inspect_readsAnAttemptBackFromTheLog() throws {
        let log = directory.path("inspect.sqlite")
        let run = try onboarding(["run", "--market", "us", "--script", "\(scripts)/register-us.txt", "--log", log])
        XCTAssertEqual(run.status, 0, run.error)
        let inspected = try runProcess(tool, ["inspect", "--log", log, "--attempt", "cli-1"])
        XCTAssertEqual(inspected.status, 0, inspected.error)
        var lines = inspected.output.split(separator: "\n").map(String.init)
        let ending = try XCTUnwrap(lines.popLast())
        XCTAssertTrue(ending.hasPrefix("attempt cli-1 as of sequence ") && ending.hasSuffix(": signed in as account-1 (register)"), ending)
        XCTAssertGreaterThan(lines.count, 5)
        var remaining = run.output.split(separator: "\n").map(String.init)[...]
        for line in lines {
            guard let found = remaining.firstIndex(of: line) else { return XCTFail("not in the run's transcript, in order: \(line)") }
            remaining = remaining[(found + 1)...]
        }
        // Before its first event the attempt has not started (it said "in progress").
        let before = try runProcess(tool, ["inspect", "--log", log, "--attempt", "cli-1", "--at", "0"])
        XCTAssertEqual(before.status, 0, before.error)
        XCTAssertTrue(before.output.hasSuffix(": not started yet\n"), before.output)
        let unknown = try runProcess(tool, ["inspect", "--log", log, "--attempt", "cli-9"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.error, "onboarding: \(log): no onboarding attempt 'cli-9' (stream onboarding-cli-9)\n")
    }

    /// `inspect` read the attempt's stream alone, so the account it created and a password it
    /// reset (events of the account's stream) were missing where `run` prints them, before the
    /// session. They are shown as of `--at`, and an account an earlier attempt created is not.
    func test_inspect_showsTheAccountLinesOfTheAttempt_whereRunPrintsThem() throws {
        let log = directory.path("accounts.sqlite")
        let register = try onboarding(["run", "--market", "us", "--script", "\(scripts)/register-us.txt", "--log", log])
        XCTAssertEqual(register.status, 0, register.error)
        let inspected = try runProcess(tool, ["inspect", "--log", log, "--attempt", "cli-1"])
        XCTAssertEqual(inspected.status, 0, inspected.error)
        let created = "account account-1 created (+1••••••••23, a•••@example.com)"
        for output in [register.output, inspected.output] {
            let lines = output.split(separator: "\n").map(String.init)
            let index = try XCTUnwrap(lines.firstIndex(of: created), output)
            XCTAssertEqual(lines.dropFirst(index + 1).first, "session for account-1 (register)", output)
        }

        let json = try runProcess(tool, ["inspect", "--log", log, "--attempt", "cli-1", "--json"])
        let objects = try json.output.split(separator: "\n").map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let sequence = try XCTUnwrap(objects.first { $0["type"] as? String == "onboarding.account.created" }?["sequence"] as? Int, json.output)
        let before = try runProcess(tool, ["inspect", "--log", log, "--attempt", "cli-1", "--at", "\(sequence - 1)"])
        XCTAssertEqual(before.status, 0, before.error)
        XCTAssertFalse(before.output.contains(created), before.output)
        let at = try runProcess(tool, ["inspect", "--log", log, "--attempt", "cli-1", "--at", "\(sequence)"])
        XCTAssertTrue(at.output.contains("\(created)\nattempt cli-1 as of sequence \(sequence) of "), at.output)
        XCTAssertTrue(at.output.hasSuffix(": in progress\n"), at.output)

        let script = try write("recovery.txt", "mobileNumber: +14155550123\noneTimeCode: {code}\npassword: @forgotPassword\noneTimeCode: {code}\npassword: difference2engine\n")
        let recovery = try onboarding(["run", "--market", "us", "--script", script, "--log", log])
        XCTAssertEqual(recovery.status, 0, recovery.error)
        let started = try XCTUnwrap(recovery.output.split(separator: "\n").first { $0.hasSuffix(" started in us (batching)") }, recovery.output)
        let reset = try runProcess(tool, ["inspect", "--log", log, "--attempt", String(started.split(separator: " ")[1])])
        XCTAssertEqual(reset.status, 0, reset.error)
        XCTAssertTrue(reset.output.contains("password of account-1 reset\nsession for account-1 (accountRecovery)\n"), reset.output)
        XCTAssertFalse(reset.output.contains("created"), "cli-1 created account-1: \(reset.output)")
    }

    /// A script saved with Windows line ends gives the same transcript.
    func test_run_readsAScriptWithWindowsLineEnds() throws {
        let text = try String(contentsOfFile: "\(scripts)/register-us.txt", encoding: .utf8)
        let windows = try write("register-windows.txt", text.replacingOccurrences(of: "\n", with: "\r\n"))
        let expected = try onboarding(["run", "--market", "us", "--seed", "3", "--script", "\(scripts)/register-us.txt"])
        let result = try onboarding(["run", "--market", "us", "--seed", "3", "--script", windows])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, expected.output)
    }

    func test_flowsValidate_reportsEveryProblem_withFileAndPath() throws {
        let good = try onboarding(["flows", "validate", "\(flows)/us.json", "\(flows)/in.json", "\(flows)/de.json"])
        XCTAssertEqual(good.status, 0, good.error)
        XCTAssertEqual(good.output.split(separator: "\n").count, 3)
        let bad = try write("zz.json", #"{"market": "zz", "entry": ["mobileNumber"], "scenarios": {"signIn": [{"id": "a", "dataTypes": ["pasword"]}], "register": [{"id": "b", "dataTypes": ["termsAccepted"], "entryTypes": ["email"]}]}}"#)
        let malformed = try write("yy.json", "{ \"market\": ")
        let result = try onboarding(["flows", "validate", bad, malformed])
        XCTAssertEqual(result.status, 1)
        let lines = result.error.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("zz.json: scenarios.signIn[0].dataTypes[0]: unknown data type \"pasword\"") }, result.error)
        XCTAssertTrue(lines.contains { $0.contains("zz.json: scenarios.register[0]: unreachable step") }, result.error)
        XCTAssertTrue(lines.contains { $0.contains("yy.json: not valid JSON") }, result.error)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("onboarding: ") })
    }

    func test_badInput_isOneClearLine_andExitStatusOne() throws {
        let script = try write("s.txt", "mobileNumber: +14155550123\n")
        // Every problem of a broken flows directory was printed, the later ones without the tool's name.
        let broken = directory.url.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        for name in ["a.json", "b.json"] { try "{".write(to: broken.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let cases: [([String], String)] = [
            (["run", "--market", "us", "--script", script, "--flows", broken.path], "a.json: not valid JSON (and 1 more problem)"),
            (["run", "--market", "zz", "--script", script], "unknown market \"zz\""),
            (["run", "--market", "us", "--script", directory.path("missing.txt")], "missing.txt: no such file"),
            (["run", "--market", "us", "--script", try write("bad.txt", "mobileNumber: +1\nemial: x@y.z\n")], "bad.txt:2: unknown data type \"emial\""),
            (["run", "--market", "us", "--script", try write("bad2.txt", "just words\n")], "bad2.txt:1: expected `dataType: value`"),
            (["run", "--market", "us", "--script", script], "s.txt: the script has no more values for oneTimeCode"),
            (["run", "--market", "us", "--script", script, "--latency", "9-1"], "--latency must be MS or MIN-MAX"),
            (["run", "--market", "us", "--script", script, "--latency", "-5"], "--latency must be MS or MIN-MAX in milliseconds (e.g. 300-1500), not -5"),
            (["run", "--market", "us", "--script", script, "--latency", "9223372036854775807"], "--latency must be at most 86400000 milliseconds (a day)"),
            (["run", "--market", "us"], "Missing expected argument '--script <script>'"),
            (["flows", "validate"], "Missing expected argument"),
            (["flows"], "onboarding: missing subcommand of flows: one of validate (see --help)"),
            (["flows", "validate", directory.path("gone.json")], "gone.json: no such file"),
            (["flows", "validate", directory.url.path], "\(directory.url.path): is a directory, not a flow file"),
            (["run", "--market", "us", "--script", script, "--flows", directory.path("gone")], "gone: no such directory"),
            (["run", "--market", "us", "--script", script, "--flows", script], "s.txt: not a directory"),
            (["run", "--market", "us", "--script", script, "--log", directory.url.path], "\(directory.url.path): is a directory, not an event log"),
        ]
        for (arguments, message) in cases {
            let result = try onboarding(arguments)
            XCTAssertEqual(result.status, 1, arguments.joined(separator: " "))
            let lines = result.error.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, result.error)
            XCTAssertTrue(result.error.contains(message), "\(message) not in \(result.error)")
        }
    }

    func test_aNewMarket_isJustAFile() throws {
        let markets = directory.url.appendingPathComponent("flows")
        try FileManager.default.createDirectory(at: markets, withIntermediateDirectories: true)
        let flow = try String(contentsOfFile: "\(flows)/in.json", encoding: .utf8).replacingOccurrences(of: #""market": "in""#, with: #""market": "br""#)
        try flow.write(to: markets.appendingPathComponent("br.json"), atomically: true, encoding: .utf8)
        let script = try write("br.txt", "mobileNumber: +5511987654321\noneTimeCode: {code}\nfirstName: Jo\nlastName: Silva\ntermsAccepted: yes\n")
        let result = try runProcess(tool, ["run", "--market", "br", "--script", script, "--flows", markets.path])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("attempt cli-1 started in br"), result.output)
        XCTAssertTrue(result.output.contains("session for account-1 (register)"), result.output)
    }

    func test_lockout_endsWithoutASession() throws {
        let script = try write("lock.txt", "mobileNumber: +919876543210\n" + (1...5).map { "oneTimeCode: 00000\($0)\n" }.joined())
        let result = try onboarding(["run", "--market", "in", "--script", script, "--seed", "1"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("attempt failed: oneTimeCode.locked"), result.output)
        XCTAssertTrue(result.error.contains("no session: oneTimeCode.locked"), result.error)
    }

    func test_interactive_promptsPerStep_showsErrors_andEndsWithTheSession() throws {
        let input = "+919876543210\n12\n{code}\n"
        // The code is only known once printed: answer it from the transcript of a first, failing run.
        let first = try onboarding(["--market", "in", "--seed", "1"], input: input)
        XCTAssertEqual(first.status, 1)
        let code = try XCTUnwrap(first.output.components(separatedBy: "your code is ").dropFirst().first?.prefix(6))
        XCTAssertTrue(first.output.contains("Enter the 6-digit code we sent you. (oneTimeCode.invalidFormat)"), first.output)
        let result = try onboarding(["--market", "in", "--seed", "1"], input: "+919876543210\n12\n\(code)\nAsha\nRao\nyes\n")
        XCTAssertEqual(result.status, 0, result.error + result.output)
        XCTAssertTrue(result.output.contains("Create your account: firstName"), result.output)
        XCTAssertTrue(result.output.contains("Signed in: account account-1 (register)"), result.output)
    }
}
