import OnboardingContract
import PlatformKit

/// An answered value as the log may hold it: contact data masked, secrets reduced to digests or hidden.
public struct LoggedValue: Codable, Sendable, Hashable {
    public var type: DataType
    /// What a person may read: masked contact data, `••••••` for secrets.
    public var display: String
    /// The identifier key of a contact value or social token, or the salted digest of a new password.
    public var digest: String?

    public init(_ type: DataType, display: String, digest: String? = nil) {
        self.type = type
        self.display = display
        self.digest = digest
    }
}

/// An error as logged: its data type and stable code (the message is for people, not the log).
public struct LoggedError: Codable, Sendable, Hashable {
    public var dataType: DataType?
    public var code: String

    public init(_ error: FieldError) {
        dataType = error.dataType
        code = error.code
    }
}

/// A one-time code in force: only its salted digest.
public struct IssuedCode: Codable, Sendable, Equatable {
    public var digest: String
    public var expiresAt: Instant
}

/// One onboarding attempt in progress.
public struct Attempt: Codable, Sendable, Equatable {
    public var market: String
    public var batching: Bool
    public var startedAt: Instant
    public var expiresAt: Instant
    public var scenario: Scenario
    /// The question the next answer must echo.
    public var question: Question
    public var questionCount: Int
    /// Accepted values, latest per data type.
    public var fields: [LoggedValue]
    public var entryType: DataType?
    public var accountID: String?
    public var code: IssuedCode?
    public var codeTries: Int
    public var passwordTries: Int

    /// The data types already accepted in this attempt.
    public var known: Set<DataType> { Set(fields.map(\.type)) }

    /// The accepted value of `type`, if any.
    public func field(_ type: DataType) -> LoggedValue? { fields.last { $0.type == type } }
}

/// The back end's whole state: accounts, open attempts, recent entries per identifier.
public struct OnboardingState: Codable, Sendable, Equatable {
    public var accounts = AccountTable()
    public var attempts: [String: Attempt] = [:]
    /// Attempts that ended with a session or a failure.
    public var closedAttempts = IDSet()
    /// Start times of the latest attempts per identifier key, for rate limiting (kept until they
    /// expire: see ``EntriesExpired``).
    public var recentEntries: [IdentifierKey: [Instant]] = [:]

    public init() {}

    /// Whether some entry started before `instant`.
    func hasEntries(before instant: Instant) -> Bool {
        recentEntries.values.contains { $0.first.map { $0 < instant } ?? false }
    }

    /// Drops the entries that started before `instant`, and the keys left without any. The table is
    /// rebuilt for the keys that stay: a dictionary keeps its capacity when entries are removed.
    mutating func expireEntries(before instant: Instant) {
        var kept: [IdentifierKey: [Instant]] = [:]
        for (key, starts) in recentEntries {
            guard let newest = starts.last, newest >= instant else { continue }
            kept[key] = starts.first! >= instant ? starts : starts.filter { $0 >= instant }
        }
        recentEntries = kept
    }
}
