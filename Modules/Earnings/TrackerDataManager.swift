import PlatformKit
import RealtimeAPI

/// The tracker's core: merges every service's cards (newest `lastUpdatedAt` per `cardID`),
/// validates them at `now` (`isValid`, `expiresAt`), ranks them (`priority`, then `cardID`, so
/// every touchpoint shows the same order) and routes them by `cardType` into Status, Browse and Bulletin.
/// Card IDs are compared by their UTF-8 bytes (``ExactString``): "café" spelled with U+00E9 and
/// with "e" + U+0301 are two cards.
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
            if let error = TrackerCard.outageError(for: streams[index].service, lastUpdatedAt: streams[index].lastUpdatedAt) {
                streams[index].cards.append(error)
            }
        }
        var excluded: [TrackerExclusion] = []
        var slots = merge(streams, excluded: &excluded)
        var shown = 0
        for index in slots.indices where validate(&slots[index], streams, now: now, excluded: &excluded) {
            slots[shown] = slots[index]
            shown += 1
        }
        slots.removeLast(slots.count - shown)
        slots.sort { lhs, rhs in
            lhs.rankPriority != rhs.rankPriority
                ? lhs.rankPriority > rhs.rankPriority
                : Self.withCard(lhs, in: streams) { left in Self.withCard(rhs, in: streams) { left.cardID.precedesByUTF8($0.cardID) } }
        }

        var browse: [BrowseTrackerRankingItem] = []
        var bulletin: [BrowseTrackerRankingItem] = []
        browse.reserveCapacity(slots.count)
        for slot in slots {
            let stream = Int(slot.stream)
            // The card is copied (its strings retained) only into the items that show it.
            Self.withCard(slot, in: streams) { card in
                guard let kind = card.payload?.kind else { return }
                let item = { (plugin: PluginID) in
                    BrowseTrackerRankingItem(card: card, service: streams[stream].service, isStale: streams[stream].isInOutage, plugin: plugin)
                }
                if slot.toBrowse, let plugin = plugins.browsePlugin(kind) { browse.append(item(plugin)) }
                if slot.toBulletin, let plugin = plugins.bulletinPlugin(kind) { bulletin.append(item(plugin)) }
            }
        }
        let opened = ui.openBulletinCardID.flatMap { id in bulletin.first { $0.card.cardID.hasSameUTF8(as: id) } }
        return TrackerModes(
            status: TrackerStatusMode(
                selectedItem: statusItem(browse, selected: ui.selectedStatusCardID),
                hasSortedValidItems: !browse.isEmpty, privacyStatus: ui.privacyStatus, bulletinCardPush: opened?.card
            ),
            browse: TrackerBrowseMode(
                sortedValidItems: browse, servicesInOutage: streams.compactMap { $0.isInOutage ? $0.service : nil }, privacyStatus: ui.privacyStatus
            ),
            bulletin: TrackerBulletinMode(bulletinCard: (opened ?? bulletin.first)?.card, sortedValidItems: bulletin),
            activeMode: opened == nil ? .status : .bulletin,
            excluded: excluded
        )
    }

    /// One slot per card ID: the newest `lastUpdatedAt` wins (the other is superseded); on a tie
    /// (a missing time ties with a missing one) the later card of the same service is kept (a later
    /// push), or else the earlier service's, and the other is a duplicate.
    private func merge(_ streams: [TrackerCardStream], excluded: inout [TrackerExclusion]) -> [Slot] {
        let total = streams.reduce(0) { $0 + $1.cards.count }
        var slots: [Slot] = []
        var positions = CardPositions(expected: total)
        slots.reserveCapacity(total)
        for streamIndex in streams.indices {
            let service = streams[streamIndex].service
            for dropped in streams[streamIndex].dropped {
                excluded.append(TrackerExclusion(cardID: dropped.cardID ?? "?", service: service, reason: .badPayload(dropped.reason)))
            }
            // Read in place: a copy of a card retains each of its strings.
            streams[streamIndex].cards.withUnsafeBufferPointer { cards in
                for cardIndex in cards.indices {
                    let priority = cards[cardIndex].priority
                    let slot = Slot(stream: Int32(streamIndex), index: Int32(cardIndex), rankPriority: priority.isNaN ? -.infinity : priority)
                    let found = positions.position(of: cards[cardIndex].cardID, slotCount: slots.count) { position, cardID in
                        Self.withCard(slots[position], in: streams) { $0.cardID.hasSameUTF8(as: cardID) }
                    }
                    guard let position = found else {
                        positions.add(cards[cardIndex].cardID, at: slots.count)
                        slots.append(slot)
                        continue
                    }
                    let current = streams[Int(slots[position].stream)].service
                    let new = cards[cardIndex].lastUpdatedAt ?? .min
                    let old = Self.withCard(slots[position], in: streams) { $0.lastUpdatedAt } ?? .min
                    let cardID = cards[cardIndex].cardID
                    let replaces = new > old || (new == old && current == service)
                    let (loser, winner) = replaces ? (current, service) : (service, current)
                    let reason: TrackerExclusionReason = new == old ? .duplicate(keptFrom: winner) : .superseded(by: winner)
                    excluded.append(TrackerExclusion(cardID: cardID, service: loser, reason: reason))
                    if replaces { slots[position] = slot }
                }
            }
        }
        return slots
    }

    /// Calls `body` with the card of `slot`, in place.
    private static func withCard<Result>(_ slot: Slot, in streams: [TrackerCardStream], _ body: (borrowing TrackerCard) -> Result) -> Result {
        streams[Int(slot.stream)].cards.withUnsafeBufferPointer { body($0[Int(slot.index)]) }
    }

    /// Whether the card is shown; records why not. Sets the modes it goes to (those with an enabled plugin).
    private func validate(_ slot: inout Slot, _ streams: [TrackerCardStream], now: Instant, excluded: inout [TrackerExclusion]) -> Bool {
        let (reason, toBrowse, toBulletin) = Self.withCard(slot, in: streams) { card -> (TrackerExclusionReason?, Bool, Bool) in
            if !card.isValid { return (.invalid, false, false) }
            if let expiresAt = card.expiresAt, now >= Instant(timestampInSec: expiresAt) { return (.expired(expiresAt), false, false) }
            guard let type = card.cardType, type != .unknown else { return (.unknownType, false, false) }
            guard let kind = card.payload?.kind else { return (.missingPayload, false, false) }
            let toBrowse = type.isBrowse && plugins.browsePlugin(kind) != nil
            let toBulletin = type.isBulletin && plugins.bulletinPlugin(kind) != nil
            return (toBrowse || toBulletin ? nil : .noPlugin(kind), toBrowse, toBulletin)
        }
        (slot.toBrowse, slot.toBulletin) = (toBrowse, toBulletin)
        guard let reason else { return true }
        let cardID = Self.withCard(slot, in: streams) { $0.cardID }
        excluded.append(TrackerExclusion(cardID: cardID, service: streams[Int(slot.stream)].service, reason: reason))
        return false
    }

    /// The driver's (or a forced) choice if still shown; else the top card asking to force the
    /// switch; else the highest `statusModePriority` (cards without one come last; ties keep the Browse order).
    private func statusItem(_ browse: [BrowseTrackerRankingItem], selected: String?) -> BrowseTrackerRankingItem? {
        if let selected, let chosen = browse.first(where: { $0.card.cardID.hasSameUTF8(as: selected) }) { return chosen }
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

extension TrackerDataManager {
    /// Where each card ID's slot is while merging. A driver's tracker holds a handful of cards:
    /// those are found by comparing the IDs of the slots so far, which hashes and allocates
    /// nothing; more than ``scanLimit`` go in a dictionary.
    private struct CardPositions {
        private var byCardID: [ExactString: Int]?
        private static let scanLimit = 32

        /// Positions for `expected` cards.
        init(expected: Int) {
            if expected > Self.scanLimit { byCardID = Dictionary(minimumCapacity: expected) }
        }

        /// The position of `cardID`'s slot among the first `slotCount`, if it has one;
        /// `slotHasID(position, cardID)` tells whether the slot at `position` holds that card ID.
        func position(of cardID: String, slotCount: Int, slotHasID: (Int, String) -> Bool) -> Int? {
            if let byCardID { return byCardID[ExactString(cardID)] }
            return (0..<slotCount).first { slotHasID($0, cardID) }
        }

        /// Notes that `cardID`'s slot is at `position`.
        mutating func add(_ cardID: String, at position: Int) {
            byCardID?[ExactString(cardID)] = position
        }
    }
}
