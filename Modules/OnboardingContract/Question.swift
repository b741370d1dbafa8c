/// One information-collection step the client should show: the data types it gathers together.
public struct StepInstruction: Codable, Sendable, Hashable {
    public var dataTypes: [DataType]

    public init(_ dataTypes: [DataType]) {
        self.dataTypes = dataTypes
    }
}

/// Another question the user may answer instead, e.g. "forgot password" or "voice call instead of SMS".
public struct AlternateQuestion: Codable, Sendable, Hashable {
    /// Stable id the answer names, e.g. `forgotPassword`.
    public var id: String
    /// The scenario answering it moves to, `nil` to stay (e.g. resend a code by voice).
    public var scenario: Scenario?

    public init(id: String, scenario: Scenario? = nil) {
        self.id = id
        self.scenario = scenario
    }
}

/// What the back end asks: data types, the scenario as context, how to collect them, and alternates.
public struct Question: Codable, Sendable, Hashable {
    /// The id an answer must echo; a new question gets a new id.
    public var id: String
    public var scenario: Scenario
    /// Client instructions: one element per step, in order. Several elements mean "a sequence of steps".
    public var steps: [StepInstruction]
    public var alternates: [AlternateQuestion]

    public init(id: String, scenario: Scenario, steps: [StepInstruction], alternates: [AlternateQuestion] = []) {
        self.id = id
        self.scenario = scenario
        self.steps = steps
        self.alternates = alternates
    }

    /// Every data type requested, in step order.
    public var dataTypes: [DataType] { steps.flatMap(\.dataTypes) }

    /// The id of a client-defined first question (see `Welcome`).
    public static let entryID = "entry"

    /// A client-defined first question asking for `dataTypes` in one step.
    public static func entry(_ dataTypes: [DataType]) -> Question {
        Question(id: entryID, scenario: .entry, steps: [StepInstruction(dataTypes)])
    }
}
