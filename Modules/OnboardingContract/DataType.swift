/// A unit of information the back end can ask for. Flows name these in their steps.
public enum DataType: String, Codable, Sendable, Hashable, CaseIterable, CodingKeyRepresentable {
    case mobileNumber
    case email
    case socialToken
    case oneTimeCode
    case firstName
    case lastName
    case password
    case termsAccepted
    case privacyConsent

    /// Whether the value is a secret: never stored or shown in clear.
    public var isSecret: Bool {
        switch self {
        case .oneTimeCode, .password, .socialToken: true
        default: false
        }
    }

    /// Whether the value is personal contact data: masked wherever it is shown or logged.
    public var isContact: Bool { self == .mobileNumber || self == .email }

    /// Hashed by its case, not by its raw value (which `RawRepresentable`'s default hashes as a
    /// string): the client and the service key dictionaries and sets by data type on every answer.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ordinal)
    }

    private var ordinal: UInt8 {
        switch self {
        case .mobileNumber: 0
        case .email: 1
        case .socialToken: 2
        case .oneTimeCode: 3
        case .firstName: 4
        case .lastName: 5
        case .password: 6
        case .termsAccepted: 7
        case .privacyConsent: 8
        }
    }
}

/// The onboarding scenario a question belongs to: contextual reference for styling steps.
public enum Scenario: String, Codable, Sendable, Hashable, CaseIterable {
    /// Before the first answer: the back end does not know yet who the user is.
    case entry
    case signIn
    case register
    case accountRecovery
}
