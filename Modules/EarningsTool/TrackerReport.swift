import Earnings
import EarningsService
import PlatformKit
import RealtimeAPI

/// The three modes as the CLI prints them (text, or JSON with `--json`).
struct TrackerReport: Codable {
    struct Item: Codable {
        var cardID: String
        var service: String
        var priority: Double
        var statusModePriority: Double?
        var plugin: String
        var stale: Bool
        var view: TrackerCardView
    }

    struct Exclusion: Codable {
        var cardID: String
        var service: String
        var reason: String
    }

    var now: String
    var privacy: String
    var activeMode: String
    var status: Item?
    var browse: [Item]
    var bulletin: Item?
    var servicesInOutage: [String]
    var excluded: [Exclusion]

    init(_ modes: TrackerModes, now: Instant) {
        self.now = "\(now)"
        privacy = modes.status.privacyStatus.rawValue
        activeMode = modes.activeMode.rawValue
        status = modes.status.selectedItem.map { Self.item($0, masked: modes.status.privacyStatus == .hidden) }
        browse = modes.browse.sortedValidItems.map { Self.item($0, masked: false) }
        bulletin = modes.bulletin.bulletinCard.flatMap { card in
            modes.bulletin.sortedValidItems.first { $0.card.cardID.hasSameUTF8(as: card.cardID) }.map { Self.item($0, masked: false) }
        }
        servicesInOutage = modes.browse.servicesInOutage.map(\.rawValue)
        excluded = modes.excluded.map { Exclusion(cardID: $0.cardID, service: $0.service.rawValue, reason: "\($0.reason)") }
    }

    private static func item(_ item: BrowseTrackerRankingItem, masked: Bool) -> Item {
        Item(
            cardID: item.card.cardID, service: item.service.rawValue, priority: item.card.priority,
            statusModePriority: item.card.statusModePriority, plugin: item.plugin.rawValue, stale: item.isStale, view: item.view(masked: masked)
        )
    }

    /// The human-readable form.
    var text: String {
        var lines = ["now \(now) · privacy \(privacy) · mode \(activeMode)"]
        if !servicesInOutage.isEmpty { lines.append("outage: \(servicesInOutage.joined(separator: ", "))") }
        lines.append("Status:   " + (status.map(Self.line) ?? "(nothing to show)"))
        lines.append("Browse:" + (browse.isEmpty ? " (nothing to show)" : ""))
        for (rank, item) in browse.enumerated() { lines.append("  \(rank + 1). \(Self.line(item))  [\(item.service), priority \(Self.number(item.priority))]") }
        lines.append("Bulletin: " + (bulletin.map(Self.line) ?? "(none)"))
        lines.append("Excluded:" + (excluded.isEmpty ? " (none)" : ""))
        for exclusion in excluded { lines.append("  \(exclusion.cardID)  [\(exclusion.service)]  \(exclusion.reason)") }
        return lines.joined(separator: "\n")
    }

    private static func line(_ item: Item) -> String {
        let parts = [item.view.title, item.view.amount, item.view.detail].compactMap { $0 }
        let stale = item.view.staleSince.map { "  (outage, last updated \($0))" } ?? ""
        return "\(item.cardID)  \(parts.joined(separator: " · "))\(stale)"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
