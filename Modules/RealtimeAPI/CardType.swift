/// Which tracker modes a card is shown in. Coded as the seed's integers; any other value decodes
/// to `.unknown` (`rtapi.mobile.unknownCaseFallback = UNKNOWN`), so a newer server never breaks a client.
public enum CardType: Int, Sendable, Hashable, Codable, CaseIterable {
    case browse = 1
    case bulletin = 2
    case browseAndBulletin = 3
    case unknown = 4

    /// Decodes an integer, or a seed name such as `"BROWSE"`; anything else is `.unknown`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = CardType(rawValue: number) ?? .unknown
        } else if let name = try? container.decode(String.self) {
            self = CardType.allCases.first { $0.name == name } ?? .unknown
        } else {
            self = .unknown
        }
    }

    /// The seed's name: `BROWSE`, `BULLETIN`, `BROWSE_AND_BULLETIN`, `UNKNOWN`.
    public var name: String {
        switch self {
        case .browse: "BROWSE"
        case .bulletin: "BULLETIN"
        case .browseAndBulletin: "BROWSE_AND_BULLETIN"
        case .unknown: "UNKNOWN"
        }
    }

    /// Whether cards of this type go to Browse (and so may be the Status item).
    public var isBrowse: Bool { self == .browse || self == .browseAndBulletin }
    /// Whether cards of this type go to Bulletin.
    public var isBulletin: Bool { self == .bulletin || self == .browseAndBulletin }
}

/// Whether the back-end service behind a card is healthy. Unknown values decode to `.unknown`.
public enum OutageState: Int, Sendable, Hashable, Codable {
    case normal = 1
    case outage = 2
    case unknown = 3

    public init(from decoder: any Decoder) throws {
        let number = try? decoder.singleValueContainer().decode(Int.self)
        self = number.flatMap(OutageState.init(rawValue:)) ?? .unknown
    }
}
