import ArgumentParser
import CommandLineSupport
import Earnings
import PlatformKit
import RealtimeAPI

/// `earnings tracker --cards FILE.json [--now TIME] [--privacy] [--json]`.
struct Tracker: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the three tracker modes for a set of cards, and why each excluded card was excluded.",
        discussion: """
        FILE is a JSON array of TrackerCards, or {"services": [{"service", "outage", "lastUpdatedAt", "cards"}]}.
        Without --now, "now" is the newest lastUpdatedAt in the file (of a card, shown or excluded, or of a service);
        a file without one needs --now.
        """
    )

    @Option(help: "The cards file (JSON).") var cards: String
    @Option(parsing: .unconditional, help: "Evaluate expiry at this time: ISO-8601 (2026-11-16T08:30:00Z, or with an offset such as +01:00) or Unix seconds.") var now: String?
    @Flag(help: "Privacy Mode: hide amounts in Status mode.") var privacy = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try reportingFailure(tool: toolName) {
            let streams = try CardFile.load(cards)
            guard let instant = try now.map(TimeArgument.parse) ?? Self.newest(streams) else {
                throw ToolError("\(cards): no lastUpdatedAt to take as now; give --now")
            }
            let ui = TrackerUIState(privacyStatus: privacy ? .hidden : .visible)
            let report = TrackerReport(TrackerDataManager().modes(streams, ui: ui, now: instant), now: instant)
            print(json ? try jsonText(report) : report.text)
        }
    }

    /// The newest `lastUpdatedAt` of the file: of a card (one dropped for its payload too), or of a service.
    private static func newest(_ streams: [TrackerCardStream]) -> Instant? {
        let cards = streams.flatMap { $0.cards.map(\.lastUpdatedAt) + $0.dropped.map(\.lastUpdatedAt) }.compactMap { $0 }
        let services = streams.compactMap(\.lastUpdatedAt)
        return (cards.map(Instant.init(timestampInSec:)) + services).max()
    }
}
