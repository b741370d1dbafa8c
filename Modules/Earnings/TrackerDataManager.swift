import PlatformKit
import RealtimeAPI

/// The tracker's core: merges every service's cards (newest `lastUpdatedAt` per `cardID`),
/// validates them at `now` (`isValid`, `expiresAt`), ranks them (`priority`, then `cardID`, so
/// every touchpoint shows the same order) and routes them by `cardType` into Status, Browse and Bulletin.
///
/// Pure and synchronous: the same streams, state and `now` always give the same modes.
public struct TrackerDataManager: Sendable {
    public var plugins: TrackerCardPlugins

    public init(plugins: TrackerCardPlugins = TrackerCardPlugins()) {
        self.plugins = plugins
    }

    private struct Entry {
        var card: TrackerCard
        var service: TrackerService
        var isStale: Bool
        var rankPriority: Double
        var browse: PluginID?
        var bulletin: PluginID?
    }

    /// The three modes for `streams` at `now`.
    public func modes(_ streams: [TrackerCardStream], ui: TrackerUIState = TrackerUIState(), now: Instant) -> TrackerModes {
        var excluded: [TrackerExclusion] = []
        var entries: [Entry] = []
        for var entry in merge(streams, excluded: &excluded) where validate(&entry, now: now, excluded: &excluded) {
            entries.append(entry)
        }
        entries.sort { $0.rankPriority != $1.rankPriority ? $0.rankPriority > $1.rankPriority : $0.card.cardID < $1.card.cardID }

        var browse: [BrowseTrackerRankingItem] = []
        var bulletin: [BrowseTrackerRankingItem] = []
        browse.reserveCapacity(entries.count)
        for entry in entries {
            if let plugin = entry.browse { browse.append(item(entry, plugin)) }
            if let plugin = entry.bulletin { bulletin.append(item(entry, plugin)) }
        }
        let opened = ui.openBulletinCardID.flatMap { id in bulletin.first { $0.card.cardID == id } }
        return TrackerModes(
            status: TrackerStatusMode(
                selectedItem: statusItem(browse, selected: ui.selectedStatusCardID),
                hasSortedValidItems: !browse.isEmpty, privacyStatus: ui.privacyStatus, bulletinCardPush: opened?.card
            ),
            browse: TrackerBrowseMode(
                sortedValidItems: browse, servicesInOutage: streams.filter(\.isInOutage).map(\.service), privacyStatus: ui.privacyStatus
            ),
            bulletin: TrackerBulletinMode(bulletinCard: (opened ?? bulletin.first)?.card, sortedValidItems: bulletin),
            activeMode: opened == nil ? .status : .bulletin,
            excluded: excluded
        )
    }

    /// One entry per card ID: the newest `lastUpdatedAt` wins; on a tie the later card of the same
    /// service wins (a later push), or else the earlier service's. Outage error cards are added here.
    private func merge(_ streams: [TrackerCardStream], excluded: inout [TrackerExclusion]) -> [Entry] {
        var slots: [String: Int] = [:]
        var entries: [Entry] = []
        let total = streams.reduce(0) { $0 + $1.cards.count + 1 }
        slots.reserveCapacity(total)
        entries.reserveCapacity(total)
        for stream in streams {
            for dropped in stream.dropped {
                excluded.append(TrackerExclusion(cardID: dropped.cardID ?? "?", service: stream.service, reason: .badPayload(dropped.reason)))
            }
            var cards = stream.cards
            if stream.isInOutage { cards.append(.outageError(for: stream.service, lastUpdatedAt: stream.lastUpdatedAt)) }
            for card in cards {
                let entry = Entry(
                    card: card, service: stream.service, isStale: stream.isInOutage,
                    rankPriority: card.priority.isNaN ? -.infinity : card.priority
                )
                guard let slot = slots[card.cardID] else {
                    slots[card.cardID] = entries.count
                    entries.append(entry)
                    continue
                }
                let current = entries[slot]
                let new = card.lastUpdatedAt ?? .min
                let old = current.card.lastUpdatedAt ?? .min
                if new > old || (new == old && current.service == stream.service) {
                    excluded.append(TrackerExclusion(cardID: card.cardID, service: current.service, reason: .superseded(by: stream.service)))
                    entries[slot] = entry
                } else {
                    excluded.append(TrackerExclusion(cardID: card.cardID, service: stream.service, reason: .superseded(by: current.service)))
                }
            }
        }
        return entries
    }

    /// Whether the entry is shown; records why not. Sets the plugins that render it.
    private func validate(_ entry: inout Entry, now: Instant, excluded: inout [TrackerExclusion]) -> Bool {
        let card = entry.card
        let reason: TrackerExclusionReason?
        if !card.isValid {
            reason = .invalid
        } else if let expiresAt = card.expiresAt, now.millisecondsSinceEpoch >= expiresAt.multipliedReportingOverflow(by: 1_000).partialValue {
            reason = .expired(expiresAt)
        } else if card.cardType == nil || card.cardType == .unknown {
            reason = .unknownType
        } else if let payload = card.payload {
            let type = card.cardType ?? .unknown
            entry.browse = type.isBrowse ? plugins.browsePlugin(payload.kind) : nil
            entry.bulletin = type.isBulletin ? plugins.bulletinPlugin(payload.kind) : nil
            reason = entry.browse == nil && entry.bulletin == nil ? .noPlugin(payload.kind) : nil
        } else {
            reason = .missingPayload
        }
        guard let reason else { return true }
        excluded.append(TrackerExclusion(cardID: card.cardID, service: entry.service, reason: reason))
        return false
    }

    private func item(_ entry: Entry, _ plugin: PluginID) -> BrowseTrackerRankingItem {
        BrowseTrackerRankingItem(card: entry.card, service: entry.service, isStale: entry.isStale, plugin: plugin)
    }

    /// The driver's (or a forced) choice if still shown; else the top card asking to force the
    /// switch; else the highest `statusModePriority` (cards without one come last; ties keep the Browse order).
    private func statusItem(_ browse: [BrowseTrackerRankingItem], selected: String?) -> BrowseTrackerRankingItem? {
        if let selected, let chosen = browse.first(where: { $0.card.cardID == selected }) { return chosen }
        if let forcing = browse.first(where: { $0.card.shouldForceSwitchStatusMode == true }) { return forcing }
        var best: BrowseTrackerRankingItem?
        var bestPriority = -Double.infinity
        for item in browse {
            let priority = item.card.statusModePriority.flatMap { $0.isNaN ? nil : $0 } ?? -.infinity
            if best == nil || priority > bestPriority { (best, bestPriority) = (item, priority) }
        }
        return best
    }
}
