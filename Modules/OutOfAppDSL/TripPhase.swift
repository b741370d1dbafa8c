/// The phase of a trip, as the out-of-app surfaces show it.
public enum TripPhase: UInt8, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Looking for a driver: no ETA yet.
    case matching
    /// A driver is on the way to the pickup.
    case enRoute
    /// The driver is about to arrive or is waiting at the pickup.
    case arriving
    /// The rider is in the car, heading to the destination.
    case onTrip
    /// The trip is over: the activity ends.
    case completed
    /// The trip was canceled: the activity ends.
    case canceled

    /// The wire name, e.g. `en_route`.
    public var name: String {
        switch self {
        case .matching: "matching"
        case .enRoute: "en_route"
        case .arriving: "arriving"
        case .onTrip: "on_trip"
        case .completed: "completed"
        case .canceled: "canceled"
        }
    }

    /// The phase with the wire name `name`, or `nil`.
    public init?(name: String) {
        guard let phase = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = phase
    }

    /// True when the trip is over and its activity must end.
    public var isFinal: Bool { self == .completed || self == .canceled }

    public var description: String { name }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let phase = TripPhase(name: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown trip phase \"\(name)\"")
        }
        self = phase
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
