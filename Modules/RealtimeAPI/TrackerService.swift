/// A back-end service integrated into the tracker (its cards have their own data manager).
public struct TrackerService: RawRepresentable, Sendable, Hashable, Codable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    /// Decodes the name; an empty one names no service and is refused.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        rawValue = try container.decode(String.self)
        guard !rawValue.isEmpty else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "must not be empty") }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
    public static func < (lhs: TrackerService, rhs: TrackerService) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Last trip, daily and weekly summaries (`RealtimeEarningsManager`).
    public static let earnings: TrackerService = "earnings"
    /// Quests, consecutive trips, new-driver guarantee, loyalty (`RealtimeIncentiveManager`).
    public static let incentives: TrackerService = "incentives"

    /// The error card this service's outage shows: the service of that name (`earnings`,
    /// `incentives`, `newDriverGuarantee`, `loyalty`); nil for another service, which has none.
    public var errorSource: TrackerErrorSource? {
        TrackerErrorSource(rawValue: rawValue)
    }
}
