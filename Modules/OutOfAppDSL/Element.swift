/// What a payload can show: only elements that exist on out-of-app surfaces.
public enum Element: Sendable, Hashable {
    /// A text, styled by its tags.
    case label(text: String, tags: [Tag])
    /// A picture by URL; the extension reads it from the shared container, never the network.
    case image(url: String, tags: [Tag])
    /// A bar filled to `value` (0...1), already on the ``ProgressCurve``.
    case progress(value: Double, tags: [Tag])

    public var tags: [Tag] {
        switch self {
        case .label(_, let tags), .image(_, let tags), .progress(_, let tags): tags
        }
    }

    /// The element's wire type name.
    public var typeName: String {
        switch self {
        case .label: "label"
        case .image: "image"
        case .progress: "progress"
        }
    }
}

/// A style tag; the client's ``Theme`` maps it to font, colour, line count and alignment.
public enum Tag: String, Sendable, Hashable, CaseIterable, Codable {
    case title, subtitle, body, caption
    case emphasis, muted, accent, warning
    case leading, center, trailing
    case singleLine = "single-line"
    case rounded
}

/// How much the rider needs a piece of information at a glance (the seed's P0, P1, P2).
public enum Priority: Int, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Time to pickup or to the destination.
    case p0 = 0
    /// Plate and vehicle picture; driver name and picture.
    case p1 = 1
    /// Overall progress of the trip, and extra detail.
    case p2 = 2

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "P\(rawValue)" }
}

/// The fixed places a payload fills; the client decides where each one appears on each surface.
public enum Slot: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// P0: the sentence with the time, e.g. "Pickup in 3 min".
    case headline
    /// P0: the time alone, e.g. "3 min" (what the Dynamic Island has room for).
    case eta
    /// P1: the licence plate.
    case plate
    /// P1: the vehicle's picture.
    case vehicle
    /// P1: the driver's name.
    case driver
    /// P1: the driver's picture.
    case driverPhoto = "driver_photo"
    /// P2: the trip's progress bar.
    case progress
    /// P2: extra detail, e.g. the car's make and colour.
    case detail

    public var priority: Priority {
        switch self {
        case .headline, .eta: .p0
        case .plate, .vehicle, .driver, .driverPhoto: .p1
        case .progress, .detail: .p2
        }
    }

    /// Declaration order: priority first.
    public static func < (lhs: Slot, rhs: Slot) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
