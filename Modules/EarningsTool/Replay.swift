import ArgumentParser
import CommandLineSupport
import Earnings
import EarningsPlatform
import EarningsService
import EventLogSQLite
import PlatformKit

/// `earnings replay --log FILE --driver ID [--at TIME] [--json]`.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rebuild one driver's tracker and earnings from the event log at a moment.",
        discussion: "Without --at, the moment of the driver's last event."
    )

    @Option(help: "The event log (SQLite).") var log: String
    @Option(help: "The driver, e.g. driver-7.") var driver: String
    @Option(parsing: .unconditional, help: "Replay events up to this time: ISO-8601 (2026-11-16T08:30:00Z, or with an offset such as +01:00) or Unix seconds.") var at: String?
    @Flag(help: "Print JSON.") var json = false

    struct Report: Codable {
        var driver: String
        var trips: Int
        var lastTrip: String?
        var today: String
        var week: String
        var consistency: [String]
        var tracker: TrackerReport
    }

    func run() throws {
        try reportingFailure(tool: toolName) {
            let instant = try at.map(TimeArgument.parse)
            let store = try SQLiteEventLog(path: log, clock: .constant(.epoch), options: .reading)
            let fleet = try EarningsFleet.rebuild(driverID: driver, from: store, at: instant)
            try store.close()
            guard let moment = instant ?? fleet.tracker(driver).updatedAt else {
                throw ToolError("\(log): no earnings events for driver \"\(driver)\"")
            }
            let earnings = fleet.earnings(driver)
            let home = earnings.earningsHome(at: moment, calendar: fleet.backend.config.calendar)
            let locale = fleet.backend.config.locale
            let report = Report(
                driver: driver, trips: earnings.trips.count,
                lastTrip: home.lastTrip.map { "\($0.tripID) \(locale.format($0.fare)) at \($0.at)" },
                today: locale.format(home.today), week: locale.format(home.week),
                consistency: fleet.consistencyProblems(driverID: driver, at: moment),
                tracker: TrackerReport(fleet.modes(driverID: driver, at: moment), now: moment)
            )
            print(json ? try jsonText(report) : text(report))
        }
    }

    private func text(_ report: Report) -> String {
        [
            "\(report.driver): \(report.trips.counted("trip")) · today \(report.today) · this week \(report.week) · last trip \(report.lastTrip ?? "none")",
            report.consistency.isEmpty ? "consistency: verified" : "consistency: \(report.consistency.joined(separator: "; "))",
            report.tracker.text,
        ].joined(separator: "\n")
    }
}
