/// An onboarded user, rebuilt from the log.
///
/// There is one per onboarded user, so its strings are packed into one allocation
/// (`PackedStrings`); the properties read and write them as if they were stored one by one.
public struct Account: Sendable {
    private(set) var strings: PackedStrings
    public var sessions: Int

    /// An account of `strings` packed in the order of `Field`.
    init(strings: PackedStrings, sessions: Int) {
        self.strings = strings
        self.sessions = sessions
    }

    public init(
        id: String, market: String, identifierKeys: [String], maskedMobile: String? = nil, maskedEmail: String? = nil,
        firstName: String? = nil, lastName: String? = nil, passwordDigest: String? = nil, sessions: Int = 0
    ) {
        strings = PackedStrings([id, market, maskedMobile, maskedEmail, firstName, lastName] + PasswordParts.split(passwordDigest) + identifierKeys)
        self.sessions = sessions
    }

    public var id: String {
        get { strings[Field.id] ?? "" }
        set { strings = strings.replacing(Field.id, with: newValue) }
    }

    public var market: String {
        get { strings[Field.market] ?? "" }
        set { strings = strings.replacing(Field.market, with: newValue) }
    }

    /// Keyed hashes of the mobile number, email or social token the account signs in with.
    public var identifierKeys: [String] {
        get { strings.suffix(from: Field.identifierKeys).map { $0 ?? "" } }
        set { self = Account(copying: self, identifierKeys: newValue) }
    }

    public var maskedMobile: String? {
        get { strings[Field.maskedMobile] }
        set { strings = strings.replacing(Field.maskedMobile, with: newValue) }
    }

    public var maskedEmail: String? {
        get { strings[Field.maskedEmail] }
        set { strings = strings.replacing(Field.maskedEmail, with: newValue) }
    }

    public var firstName: String? {
        get { strings[Field.firstName] }
        set { strings = strings.replacing(Field.firstName, with: newValue) }
    }

    public var lastName: String? {
        get { strings[Field.lastName] }
        set { strings = strings.replacing(Field.lastName, with: newValue) }
    }

    /// `salt$digest` of the password, if the market collects one.
    public var passwordDigest: String? {
        get { PasswordParts.join(salt: strings[Field.passwordSalt], digest: strings[Field.passwordDigest]) }
        set {
            let parts = PasswordParts.split(newValue)
            strings = strings.replacing(Field.passwordSalt, with: parts[0]).replacing(Field.passwordDigest, with: parts[1])
        }
    }

    private init(copying account: Account, identifierKeys: [String]) {
        self.init(
            id: account.id, market: account.market, identifierKeys: identifierKeys, maskedMobile: account.maskedMobile,
            maskedEmail: account.maskedEmail, firstName: account.firstName, lastName: account.lastName,
            passwordDigest: account.passwordDigest, sessions: account.sessions
        )
    }

    /// Where each property is in `strings`; the identifier keys come last.
    enum Field {
        static let id = 0, market = 1, maskedMobile = 2, maskedEmail = 3, firstName = 4, lastName = 5
        static let passwordSalt = 6, passwordDigest = 7
        static let identifierKeys = 8
    }
}

/// A password's `salt$digest` is kept as its two parts, so that each, in hex, packs into half
/// its digits (see ``PackedStrings``); text without `$` is kept as the digest alone.
enum PasswordParts {
    /// The salt and the digest of `passwordDigest`.
    static func split(_ passwordDigest: String?) -> [String?] {
        guard let passwordDigest else { return [nil, nil] }
        guard let dollar = passwordDigest.utf8.firstIndex(of: UInt8(ascii: "$")) else { return [nil, passwordDigest] }
        return [String(passwordDigest[..<dollar]), String(passwordDigest[passwordDigest.utf8.index(after: dollar)...])]
    }

    /// The `passwordDigest` of a salt and a digest.
    static func join(salt: String?, digest: String?) -> String? {
        guard let digest else { return nil }
        return salt.map { "\($0)$\(digest)" } ?? digest
    }
}

extension Account: Equatable {
    public static func == (lhs: Account, rhs: Account) -> Bool {
        lhs.sessions == rhs.sessions && lhs.strings.sameStrings(as: rhs.strings)
    }
}

extension Account: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, market, identifierKeys, maskedMobile, maskedEmail, firstName, lastName, passwordDigest, sessions
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            market: try container.decode(String.self, forKey: .market),
            identifierKeys: try container.decode([String].self, forKey: .identifierKeys),
            maskedMobile: try container.decodeIfPresent(String.self, forKey: .maskedMobile),
            maskedEmail: try container.decodeIfPresent(String.self, forKey: .maskedEmail),
            firstName: try container.decodeIfPresent(String.self, forKey: .firstName),
            lastName: try container.decodeIfPresent(String.self, forKey: .lastName),
            passwordDigest: try container.decodeIfPresent(String.self, forKey: .passwordDigest),
            sessions: try container.decode(Int.self, forKey: .sessions)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(market, forKey: .market)
        try container.encode(identifierKeys, forKey: .identifierKeys)
        try container.encodeIfPresent(maskedMobile, forKey: .maskedMobile)
        try container.encodeIfPresent(maskedEmail, forKey: .maskedEmail)
        try container.encodeIfPresent(firstName, forKey: .firstName)
        try container.encodeIfPresent(lastName, forKey: .lastName)
        try container.encodeIfPresent(passwordDigest, forKey: .passwordDigest)
        try container.encode(sessions, forKey: .sessions)
    }
}

extension Account: CustomReflectable {
    /// The properties, not the packed bytes (for `print`, `dump` and test failures).
    public var customMirror: Mirror {
        Mirror(self, children: [
            "id": id, "market": market, "identifierKeys": identifierKeys, "maskedMobile": maskedMobile as Any,
            "maskedEmail": maskedEmail as Any, "firstName": firstName as Any, "lastName": lastName as Any,
            "passwordDigest": passwordDigest as Any, "sessions": sessions,
        ], displayStyle: .struct)
    }
}
