import OnboardingContract

/// A market's onboarding flow, compiled from its JSON file: which entries it takes and each scenario's steps.
public struct Flow: Sendable, Hashable {
    public var market: String
    /// Data types a first answer may carry (one of them), e.g. mobile number or email.
    public var entryTypes: [DataType]
    public var scenarios: [Scenario: [FlowStep]]
    public var policy: FlowPolicy
}

/// One step of a scenario: data types collected together or in sequence.
public struct FlowStep: Sendable, Hashable {
    public enum Collection: String, Codable, Sendable {
        /// One info step for all the data types.
        case oneStep
        /// One info step per data type.
        case sequence
    }

    public var id: String
    public var dataTypes: [DataType]
    public var collection: Collection
    /// Whether this step may share a question with its batchable neighbours when the client batches.
    public var batchable: Bool
    /// The entry types this step applies to; `nil` for all.
    public var entryTypes: Set<DataType>?
    public var alternates: [AlternateQuestion]

    /// The client instructions for `types` (a subset of `dataTypes`).
    func instructions(for types: [DataType]) -> [StepInstruction] {
        switch collection {
        case .oneStep: [StepInstruction(types)]
        case .sequence: types.map { StepInstruction([$0]) }
        }
    }
}

/// Security and validation settings of a market.
public struct FlowPolicy: Codable, Sendable, Hashable {
    public var codeLength: Int = 6
    public var codeLifetimeSeconds: Int64 = 300
    /// Wrong one-time codes (or passwords) before the attempt locks.
    public var maxTries: Int = 3
    public var attemptLifetimeSeconds: Int64 = 1_800
    /// Attempts per identifier within `rateWindowSeconds`.
    public var maxAttemptsPerIdentifier: Int = 5
    public var rateWindowSeconds: Int64 = 3_600
    public var passwordMinLength: Int = 8

    public init() {}

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = FlowPolicy()
        codeLength = try values.decodeIfPresent(Int.self, forKey: .codeLength) ?? defaults.codeLength
        codeLifetimeSeconds = try values.decodeIfPresent(Int64.self, forKey: .codeLifetimeSeconds) ?? defaults.codeLifetimeSeconds
        maxTries = try values.decodeIfPresent(Int.self, forKey: .maxTries) ?? defaults.maxTries
        attemptLifetimeSeconds = try values.decodeIfPresent(Int64.self, forKey: .attemptLifetimeSeconds) ?? defaults.attemptLifetimeSeconds
        maxAttemptsPerIdentifier = try values.decodeIfPresent(Int.self, forKey: .maxAttemptsPerIdentifier) ?? defaults.maxAttemptsPerIdentifier
        rateWindowSeconds = try values.decodeIfPresent(Int64.self, forKey: .rateWindowSeconds) ?? defaults.rateWindowSeconds
        passwordMinLength = try values.decodeIfPresent(Int.self, forKey: .passwordMinLength) ?? defaults.passwordMinLength
    }
}
