/// A place outside the app where the trip shows, with the client's fixed regions.
public enum Surface: String, Sendable, Hashable, CaseIterable {
    case lockscreen
    case islandCompact = "island-compact"
    case islandMinimal = "island-minimal"
    case islandExpanded = "island-expanded"
    case android

    /// A fixed place on a surface: which slots it may show (in preference order), and its room.
    public struct Region: Sendable, Hashable {
        public var name: String
        /// Regions with the same row sit side by side, in declaration order.
        public var row: Int
        public var width: Int
        /// How many elements it holds, one per line.
        public var lines: Int
        public var accepts: [Slot]
    }

    /// The surface's fixed regions, top to bottom and left to right.
    public var regions: [Region] {
        switch self {
        case .lockscreen: [
            Region(name: "title", row: 0, width: 30, lines: 1, accepts: [.headline]),
            Region(name: "time", row: 0, width: 12, lines: 1, accepts: [.eta]),
            Region(name: "media", row: 1, width: 14, lines: 2, accepts: [.vehicle, .driverPhoto]),
            Region(name: "info", row: 1, width: 28, lines: 3, accepts: [.plate, .driver, .detail]),
            Region(name: "bar", row: 2, width: 43, lines: 1, accepts: [.progress]),
        ]
        case .islandExpanded: [
            Region(name: "leading", row: 0, width: 14, lines: 1, accepts: [.vehicle, .driverPhoto]),
            Region(name: "trailing", row: 0, width: 20, lines: 1, accepts: [.eta]),
            Region(name: "center", row: 1, width: 35, lines: 1, accepts: [.headline]),
            Region(name: "bottom", row: 2, width: 35, lines: 1, accepts: [.plate, .driver, .detail]),
            Region(name: "bar", row: 3, width: 35, lines: 1, accepts: [.progress]),
        ]
        case .islandCompact: [
            Region(name: "leading", row: 0, width: 9, lines: 1, accepts: [.vehicle, .driverPhoto]),
            Region(name: "trailing", row: 0, width: 7, lines: 1, accepts: [.eta, .headline]),
        ]
        case .islandMinimal: [
            Region(name: "minimal", row: 0, width: 6, lines: 1, accepts: [.eta, .headline]),
        ]
        case .android: [
            Region(name: "title", row: 0, width: 30, lines: 1, accepts: [.headline]),
            Region(name: "sub-text", row: 0, width: 12, lines: 1, accepts: [.eta]),
            Region(name: "text", row: 1, width: 28, lines: 2, accepts: [.plate, .driver, .detail]),
            Region(name: "large-icon", row: 1, width: 14, lines: 1, accepts: [.vehicle, .driverPhoto]),
            Region(name: "progress", row: 2, width: 43, lines: 1, accepts: [.progress]),
        ]
        }
    }

    /// Places the payload's elements, highest priority first: for each priority, every region
    /// takes the slots it accepts (in its own preference order) while it has room; what finds no
    /// room is left out.
    public func layout(_ payload: Payload) -> Layout {
        let regions = self.regions
        var placed = Array(repeating: [Slot](), count: regions.count)
        var used: Set<Slot> = []
        for priority in [Priority.p0, .p1, .p2] {
            for index in regions.indices {
                for slot in regions[index].accepts where slot.priority == priority && payload.slots[slot] != nil {
                    guard placed[index].count < regions[index].lines, !used.contains(slot) else { continue }
                    placed[index].append(slot)
                    used.insert(slot)
                }
            }
        }
        let omitted = payload.orderedSlots.filter { !used.contains($0) }
        return Layout(surface: self, placements: zip(regions, placed).map { Layout.Placement(region: $0, slots: $1) }, omitted: omitted)
    }
}

/// A payload placed on a surface.
public struct Layout: Sendable, Hashable {
    public struct Placement: Sendable, Hashable {
        public var region: Surface.Region
        public var slots: [Slot]
    }

    public var surface: Surface
    public var placements: [Placement]
    /// Slots with no room on this surface, highest priority first.
    public var omitted: [Slot]

    /// Every slot shown.
    public var shown: [Slot] { placements.flatMap(\.slots).sorted() }
}
