import PlatformKit

/// One update of a trip's out-of-app surfaces: elements by slot, with a version and a timestamp.
///
/// No layout: the client owns the slots' places on every surface.
public struct Payload: Sendable, Hashable {
    /// Increases with every update of the activity.
    public var version: Int
    /// When the server built it; an update older than the one shown is ignored.
    public var timestamp: Instant
    public var slots: [Slot: Element]

    public init(version: Int, timestamp: Instant, slots: [Slot: Element]) {
        self.version = version
        self.timestamp = timestamp
        self.slots = slots
    }

    /// True when `self` should replace `shown`: a later timestamp, or the same one with a higher version.
    public func isNewer(than shown: Payload) -> Bool {
        (timestamp, version) > (shown.timestamp, shown.version)
    }

    /// The filled slots, highest priority first.
    public var orderedSlots: [Slot] { slots.keys.sorted() }

    /// True when the payload carries the time (P0): a headline or an ETA.
    public var hasP0: Bool { slots.keys.contains { $0.priority == .p0 } }

    /// The URLs of the payload's images.
    public var imageURLs: [String] {
        orderedSlots.compactMap { slot in
            if case .image(let url, _) = slots[slot] { return url }
            return nil
        }
    }
}

/// The activity as the client holds it: the payload shown now.
public struct LiveActivityContent: Sendable, Hashable {
    public private(set) var shown: Payload?

    public init(shown: Payload? = nil) {
        self.shown = shown
    }

    /// Shows `payload` unless it is older than the one shown; returns whether it was applied.
    @discardableResult
    public mutating func apply(_ payload: Payload) -> Bool {
        if let shown, !payload.isNewer(than: shown) { return false }
        shown = payload
        return true
    }
}
