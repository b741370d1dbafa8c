import EventLogTestSupport
import Foundation
import XCTest

/// One log serves every tool: each feature's CLI reads a simulation's log with `--log`, without
/// writing to it.
final class FeatureToolsOnASimulationLogTests: XCTestCase {
    private func tool(_ name: String) -> String { productsDirectory().appendingPathComponent(name).path }
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures").path

    func test_everyFeatureToolAndEventlog_readASimulationLog() throws {
        let directory = TemporaryDirectory()
        let log = directory.path("city.sqlite")
        let simulated = try runProcess(tool("platform"), [
            "simulate", "--log", log, "--riders", "400", "--drivers", "60", "--hours", "2", "--fixtures", Self.fixtures,
        ])
        XCTAssertEqual(simulated.status, 0, simulated.error)
        // What the log holds (its file size moves as SQLite opens its write-ahead files).
        func contents() throws -> [Substring] {
            try runProcess(tool("eventlog"), ["info", log]).output.split(separator: "\n").filter { !$0.hasPrefix("file size:") }
        }
        let before = try contents()

        let earnings = try runProcess(tool("earnings"), ["replay", "--log", log, "--driver", "driver-1"])
        XCTAssertEqual(earnings.status, 0, earnings.error)
        XCTAssertTrue(earnings.output.contains("Bulletin:"), earnings.output)

        let optimistic = try runProcess(tool("optimistic"), ["inspect", "--log", log, "--client", "driver-1"])
        XCTAssertEqual(optimistic.status, 0, optimistic.error)
        XCTAssertTrue(optimistic.output.hasPrefix("client driver-1 as of sequence "), optimistic.output)

        let ooa = try runProcess(tool("ooa"), ["inspect", "--log", log, "--trip", "trip-1"])
        XCTAssertEqual(ooa.status, 0, ooa.error)
        let lines = ooa.output.split(separator: "\n")
        XCTAssertTrue(lines.first?.contains("  trip-1  start v1  trip-started") ?? false, ooa.output)
        XCTAssertTrue(lines.last?.hasPrefix("activity: ") ?? false, ooa.output)

        let member = try XCTUnwrap(
            runProcess(tool("eventlog"), ["cat", log, "--type", "actioncards.screen.presented", "--limit", "1"]).output
                .split(separator: " ").first { $0.hasPrefix("actioncards-member-") }
        ).dropFirst("actioncards-".count).split(separator: "#")[0]
        let cards = try runProcess(tool("actioncards"), ["inspect", "--log", log, "--member", String(member)])
        XCTAssertEqual(cards.status, 0, cards.error)
        XCTAssertTrue(cards.output.contains("== membership of \(member): "), cards.output)

        let onboarding = try runProcess(tool("onboarding"), ["inspect", "--log", log, "--attempt", "rider-1"])
        XCTAssertEqual(onboarding.status, 0, onboarding.error)
        XCTAssertTrue(onboarding.output.hasPrefix("attempt rider-1 started in "), onboarding.output)

        let pushes = try runProcess(tool("eventlog"), ["cat", log, "--type", "ooa.push.sent", "--limit", "1"])
        XCTAssertEqual(pushes.status, 0, pushes.error)
        XCTAssertTrue(pushes.output.contains("ooa.push.sent"), pushes.output)

        XCTAssertEqual(try contents(), before, "the readers wrote nothing")
    }
}
