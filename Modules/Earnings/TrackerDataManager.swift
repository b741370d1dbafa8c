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

    /// A merged card: where it is (stream, index), its rank key and the modes it goes to. Plain
    /// values only, so sorting moves 24 bytes and retains nothing.
    private struct Slot {
        var stream: Int32
        var index: Int32
        var rankPriority: Double
        var toBrowse = false
        var toBulletin = false
    }

    /// The three modes for `streams` at `now`.
    public func modes(_ streams: [TrackerCardStream], ui: TrackerUIState = TrackerUIState(), now: Instant) -> TrackerModes {
        var streams = streams
        for index in streams.indices where streams[index].isInOutage {
            streams[index].cards.append(.outageError(for: streams[index].service, lastUpdatedAt: streams[index].lastUpdatedAt))
        }
        var excluded: [TrackerExclusion] = []
        var slots: [Slot] = []
        for var slot in merge(streams, excluded: &excluded) where validate(&slot, streams, now: now, excluded: &excluded) {
            slots.append(slot)
        }
        slots.sort { lhs, rhs in
            lhs.rankPriority != rhs.rankPriority
                ? lhs.rankPriority > rhs.rankPriority
                : streams[Int(lhs.stream)].cards[Int(lhs.index)].cardID < streams[Int(rhs.stream)].cards[Int(rhs.index)].cardID
        }

        var browse: [BrowseTrackerRankingItem] = []
        var bulletin: [BrowseTrackerRankingItem] = []
        browse.reserveCapacity(slots.count)
        for slot in slots {
            let stream = Int(slot.stream)
            let card = streams[stream].cards[Int(slot.index)]
            guard let kind = card.payload?.kind else { continue }
            let item = { (plugin: PluginID) in
                BrowseTrackerRankingItem(card: card, service: streams[stream].service, isStale: streams[stream].isInOutage, plugin: plugin)
            }
            if slot.toBrowse, let plugin = plugins.browsePlugin(kind) { browse.append(item(plugin)) }
            if slot.toBulletin, let plugin = plugins.bulletinPlugin(kind) { bulletin.append(item(plugin)) }
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

    /// One slot per card ID: the newest `lastUpdatedAt` wins; on a tie the later card of the same
    /// service wins (a later push), or else the earlier service's.
    private func merge(_ streams: [TrackerCardStream], excluded: inout [TrackerExclusion]) -> [Slot] {
        let total = streams.reduce(0) { $0 + $1.cards.count }
        var positions: [String: Int] = [:]
        var slots: [Slot] = []
        positions.reserveCapacity(total)
        slots.reserveCapacity(total)
        for (streamIndex, stream) in streams.enumerated() {
            for dropped in stream.dropped {
                excluded.append(TrackerExclusion(cardID: dropped.cardID ?? "?", service: stream.service, reason: .badPayload(dropped.reason)))
            }
            // By index, not by value: a copy of a card retains each of its strings.
            for cardIndex in stream.cards.indices {
                let priority = stream.cards[cardIndex].priority
                let slot = Slot(stream: Int32(streamIndex), index: Int32(cardIndex), rankPriority: priority.isNaN ? -.infinity : priority)
                let cardID = stream.cards[cardIndex].cardID
                guard let position = positions.updateValue(slots.count, forKey: cardID) else {
                    slots.append(slot)
                    continue
                }
                positions[cardID] = position
                let current = streams[Int(slots[position].stream)]
                let new = stream.cards[cardIndex].lastUpdatedAt ?? .min
                let old = current.cards[Int(slots[position].index)].lastUpdatedAt ?? .min
                if new > old || (new == old && current.service == stream.service) {
                    excluded.append(TrackerExclusion(cardID: cardID, service: current.service, reason: .superseded(by: stream.service)))
                    slots[position] = slot
                } else {
                    excluded.append(TrackerExclusion(cardID: cardID, service: stream.service, reason: .superseded(by: current.service)))
                }
            }
        }
        return slots
    }

    /// Whether the card is shown; records why not. Sets the modes it goes to (those with an enabled plugin).
    private func validate(_ slot: inout Slot, _ streams: [TrackerCardStream], now: Instant, excluded: inout [TrackerExclusion]) -> Bool {
        let card = streams[Int(slot.stream)].cards[Int(slot.index)]
        let reason: TrackerExclusionReason?
        if !card.isValid {
            reason = .invalid
        } else if let expiresAt = card.expiresAt, now >= Instant(timestampInSec: expiresAt) {
            reason = .expired(expiresAt)
        } else if card.cardType == nil || card.cardType == .unknown {
            reason = .unknownType
        } else if let kind = card.payload?.kind {
            let type = card.cardType ?? .unknown
            slot.toBrowse = type.isBrowse && plugins.browsePlugin(kind) != nil
            slot.toBulletin = type.isBulletin && plugins.bulletinPlugin(kind) != nil
            reason = slot.toBrowse || slot.toBulletin ? nil : .noPlugin(kind)
        } else {
            reason = .missingPayload
        }
        guard let reason else { return true }
        excluded.append(TrackerExclusion(cardID: card.cardID, service: streams[Int(slot.stream)].service, reason: reason))
        return false
    }

    /// The driver's (or a forced) choice if still shown; else the top card asking to force the
    /// switch; else the highest `statusModePriority` (cards without one come last; ties keep the Browse order).
    private func statusItem(_ browse: [BrowseTrackerRankingItem], selected: String?) -> BrowseTrackerRankingItem? {
        if let selected, let chosen = browse.first(where: { $0.card.cardID == selected }) { return chosen }
        if let forcing = browse.first(where: { $0.card.shouldForceSwitchStatusMode == true }) { return forcing }
        // The best item's index: copying an item (its card's strings) for each better one costs more.
        var best: Int?
        var bestPriority = -Double.infinity
        for index in browse.indices {
            let priority = browse[index].card.statusModePriority.flatMap { $0.isNaN ? nil : $0 } ?? -.infinity
            if best == nil || priority > bestPriority { (best, bestPriority) = (index, priority) }
        }
        return best.map { browse[$0] }
    }
}
