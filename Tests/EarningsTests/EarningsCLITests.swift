import EventLogTestSupport
import Foundation
import XCTest

/// The `earnings` binary end to end: output, exit status, and one clear line for bad input.
final class EarningsCLITests: XCTestCase {
    let directory = TemporaryDirectory()
    var tool: String { productsDirectory().appendingPathComponent("earnings").path }
    /// `fixtures/earnings/<name>`.
    func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/earnings/\(name)").path
    }

    func earnings(_ arguments: String...) throws -> (status: Int32, output: String, error: String) {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: tool), "build the tools first (`swift build`)")
        return try runProcess(tool, arguments)
    }

    func test_tracker_printsTheThreeModes_andWhyCardsWereExcluded() throws {
        let result = try earnings("tracker", "--cards", fixture("cards.json"), "--now", "2026-11-16T10:00:00Z")
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "now 2026-11-16T10:00:00.000Z · privacy visible · mode status")
        XCTAssertEqual(lines[1], "Status:   incentives.quest-2026-11-16  Quest: do 10 trips · $15.00 · 9 of 10 trips", "the forcing card wins Status")
        XCTAssertEqual(lines[2], "Browse:")
        XCTAssertTrue(lines[3].hasPrefix("  1. earnings.lastTrip  Last trip · $18.40 · Completed 09:56  [earnings, priority 90]"), lines[3])
        XCTAssertTrue(lines[4].hasPrefix("  2. earnings.daily  Today · $96.15 · 7 trips"), lines[4])
        XCTAssertTrue(lines[5].hasPrefix("  3. earnings.weekly"), lines[5])
        XCTAssertTrue(lines[6].hasPrefix("  4. incentives.quest-2026-11-16"), lines[6])
        XCTAssertTrue(lines[7].hasPrefix("  5. incentives.loyalty  Uber Pro · Gold, 31 points, 29 to Platinum"), lines[7])
        XCTAssertEqual(lines[8], "Bulletin: incentives.streak.completed.1  Streak complete! · $5.00 · Streak: 3 trips in a row")
        let excluded = Set(lines.drop { $0 != "Excluded:" }.dropFirst())
        XCTAssertEqual(excluded, [
            "  incentives.pro  [incentives]  bad payload: has unknown variant \"trackerProBadgeCard\"",
            "  earnings.daily  [incentives]  superseded by a newer card from earnings",
            "  earnings.yesterday  [earnings]  expired (expiresAt 2026-11-16T00:00:00.000Z)",
            "  earnings.surge  [earnings]  unknown type (cardType missing or UNKNOWN)",
            "  incentives.guarantee  [incentives]  invalid (isValid = false)",
        ])
    }

    func test_tracker_privacyMasksStatusOnly_andJSONIsReadable() throws {
        let result = try earnings("tracker", "--cards", fixture("cards.json"), "--now", "1794823200", "--privacy", "--json")
        XCTAssertEqual(result.status, 0, result.error)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(report["privacy"] as? String, "hidden")
        let status = try XCTUnwrap((report["status"] as? [String: Any])?["view"] as? [String: Any])
        XCTAssertEqual(status["amount"] as? String, "•••")
        let browse = try XCTUnwrap(report["browse"] as? [[String: Any]])
        XCTAssertEqual((browse.first?["view"] as? [String: Any])?["amount"] as? String, "$18.40")
        XCTAssertEqual((report["excluded"] as? [Any])?.count, 5)
    }

    func test_tracker_beforeExpiry_showsTheCard() throws {
        let result = try earnings("tracker", "--cards", fixture("cards.json"), "--now", "2026-11-15T23:59:59Z")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("earnings.yesterday  Yesterday"), result.output)
    }

    func test_tracker_outage_showsCachedCardsWithLastUpdated_andTheErrorCard() throws {
        let result = try earnings("tracker", "--cards", fixture("outage.json"), "--now", "2026-11-16T10:00:00Z")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("outage: earnings"), result.output)
        XCTAssertTrue(result.output.contains("Status:   earnings.error  Earnings are delayed · Last updated 2026-11-16T09:00:00.000Z"), result.output)
        XCTAssertTrue(result.output.contains("earnings.daily  Today · $54.20 · 4 trips  (outage, last updated 2026-11-16T09:00:00.000Z)"), result.output)
    }

    func test_badInput_isOneLineNamingTheCardAndField_exit1() throws {
        let bad = try earnings("tracker", "--cards", fixture("bad-card.json"))
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.error, "earnings: \(fixture("bad-card.json")): [1].priority (card \"earnings.weekly\"): expected a number\n")
        XCTAssertEqual(bad.output, "")

        let missing = try earnings("tracker", "--cards", directory.path("nope.json"))
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.error.split(separator: "\n").count, 1)
        XCTAssertTrue(missing.error.contains("nope.json: no such file"), missing.error)

        let argument = try earnings("tracker")
        XCTAssertEqual(argument.status, 1)
        XCTAssertEqual(argument.error, "earnings: Missing expected argument '--cards <cards>'\n")

        let time = try earnings("tracker", "--cards", fixture("cards.json"), "--now", "yesterday")
        XCTAssertEqual(time.status, 1)
        XCTAssertTrue(time.error.hasPrefix("earnings: invalid time \"yesterday\""), time.error)

        let fraction = try earnings("tracker", "--cards", fixture("cards.json"), "--now", "2026-11-16T10:00:00.5Z+01:00")
        XCTAssertEqual(fraction.status, 1)
        XCTAssertEqual(fraction.error, "earnings: invalid time \"2026-11-16T10:00:00.5Z+01:00\": expected ISO-8601 like 2026-11-16T08:30:00Z or 2026-11-16T09:30:00+01:00, or Unix seconds\n")

        let impossible = try earnings("tracker", "--cards", fixture("cards.json"), "--now", "2026-02-30T10:00:00Z")
        XCTAssertEqual(impossible.status, 1)
        XCTAssertTrue(impossible.error.hasPrefix("earnings: invalid time \"2026-02-30T10:00:00Z\": expected ISO-8601"), impossible.error)

        // Unix seconds past what a clock of milliseconds holds are refused, not clamped or trapped on.
        let far = try earnings("simulate", "--log", directory.path("far.sqlite"), "--start", "9223372036854775")
        XCTAssertEqual(far.status, 1)
        XCTAssertEqual(far.error, "earnings: invalid time \"9223372036854775\": Unix seconds must be within years 0000 to 9999 (-62167219200 to 253402300799)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("far.sqlite")))
        let before = try earnings("tracker", "--cards", fixture("cards.json"), "--now", "-1")
        XCTAssertEqual(before.status, 0, "a negative time is a value (1969), not a missing one: \(before.error)")

        // A time no Int64 of seconds holds: Foundation said "not valid JSON", with an empty path.
        let huge = directory.path("huge.json")
        try #"[{"cardID": "a", "priority": 1.5, "isValid": true, "cardType": 1, "lastUpdatedAt": 1e20, "payload": {"trackerDailyEarningsCard": {"title": "x"}}}]"#
            .write(toFile: huge, atomically: true, encoding: .utf8)
        XCTAssertEqual(try earnings("tracker", "--cards", huge).error, "earnings: \(huge): [0].lastUpdatedAt: expected a whole number (Unix seconds for a time)\n")
    }

    /// Without --now, "now" is the newest lastUpdatedAt in the file, a service's too (it was 1970
    /// for a file whose only times were its services').
    func test_tracker_now_isTheNewestTimeOfACardOrAService() throws {
        let services = directory.path("services.json")
        try #"{"services": [{"service": "earnings", "outage": true, "lastUpdatedAt": 1794823000, "cards": []}]}"#
            .write(toFile: services, atomically: true, encoding: .utf8)
        let result = try earnings("tracker", "--cards", services)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.hasPrefix("now 2026-11-16T09:56:40.000Z"), result.output)
    }

    /// Two simulations started together into one new log: one writes it, the other stops with
    /// one line, and the log holds only the first's trips (they used to mix, both "verified").
    func test_twoSimulationsIntoOneLog_oneStops_andTheLogHoldsTheOther() throws {
        let log = directory.path("shared.sqlite")
        let runs = (1...2).map { seed in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = ["simulate", "--log", log, "--drivers", "20", "--trips", "3000", "--seed", "\(seed)"]
            let (output, error) = (Pipe(), Pipe())
            process.standardOutput = output
            process.standardError = error
            return (process, output, error)
        }
        for (process, _, _) in runs { try process.run() }
        let results = runs.map { process, output, error in
            let texts = (String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                         String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            process.waitUntilExit()
            return (status: process.terminationStatus, output: texts.0, error: texts.1)
        }
        XCTAssertEqual(results.map(\.status).sorted(), [0, 1], results.map(\.error).joined())
        let (winner, loser) = results[0].status == 0 ? (results[0], results[1]) : (results[1], results[0])
        XCTAssertEqual(loser.error.split(separator: "\n").count, 1, loser.error)
        XCTAssertTrue(loser.error.contains("another writer appended to it") || loser.error.contains("the log already holds events"), loser.error)
        let written = try XCTUnwrap(winner.output.split(separator: " ").firstIndex(of: "events").map { winner.output.split(separator: " ")[$0 - 1] })
        let info = try runProcess(productsDirectory().appendingPathComponent("eventlog").path, ["info", log])
        XCTAssertTrue(info.output.contains("events:          \(written) "), "the log holds one run's \(written) events:\n\(info.output)")
    }

    func test_simulate_thenReplay_rebuildsADriverAtAMoment() throws {
        let log = directory.path("city.sqlite")
        let simulated = try earnings("simulate", "--log", log, "--drivers", "3", "--trips", "60", "--seed", "4")
        XCTAssertEqual(simulated.status, 0, simulated.error)
        XCTAssertTrue(simulated.output.contains("earnings consistency verified for every driver"), simulated.output)

        let now = try earnings("replay", "--log", log, "--driver", "driver-2")
        XCTAssertEqual(now.status, 0, now.error)
        XCTAssertTrue(now.output.contains("consistency: verified"), now.output)
        XCTAssertTrue(now.output.contains("Status:   earnings.daily  Today"), now.output)

        let early = try earnings("replay", "--log", log, "--driver", "driver-2", "--at", "2026-11-16T06:00:00Z", "--json")
        XCTAssertEqual(early.status, 0, early.error)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(early.output.utf8)) as? [String: Any])
        XCTAssertEqual(report["trips"] as? Int, 0)

        let unknown = try earnings("replay", "--log", log, "--driver", "driver-99")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.error.contains("no earnings events for driver \"driver-99\""), unknown.error)

        let again = try earnings("simulate", "--log", log)
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.error.contains("already holds events"), again.error)
    }
}
