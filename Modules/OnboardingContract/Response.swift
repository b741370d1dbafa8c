/// One validation or protocol error, with a stable machine-readable code for localisation.
public struct FieldError: Error, Codable, Sendable, Hashable, CustomStringConvertible {
    /// The data type in error; `nil` for an error about the whole answer (e.g. a stale question).
    public var dataType: DataType?
    /// Stable code, e.g. `email.invalidFormat`, `oneTimeCode.incorrect`, `answer.stale`.
    public var code: String
    /// A readable English message.
    public var message: String

    public init(_ dataType: DataType?, code: String, message: String) {
        self.dataType = dataType
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}

/// Proof of onboarding: the account and a bearer token.
public struct Session: Codable, Sendable, Hashable {
    public var accountID: String
    public var token: String
    /// The scenario that produced the session.
    public var scenario: Scenario

    public init(accountID: String, token: String, scenario: Scenario) {
        self.accountID = accountID
        self.token = token
        self.scenario = scenario
    }
}

/// The back end's reply to an answer.
public enum Reply: Codable, Sendable, Hashable {
    /// The next question.
    case question(Question)
    /// Every error of the answer at once; `question` is still the one to answer.
    case errors(Question, [FieldError])
    /// The user is onboarded.
    case session(Session)
    /// The attempt is over without a session (expired, locked, rate-limited); start a new one.
    case failed(FieldError)
}

/// What the client sends: an answer within an attempt.
public struct OnboardingRequest: Codable, Sendable, Hashable {
    /// Client-chosen id of the attempt; the first request with a new id starts it.
    public var attemptID: String
    /// Unique per request: a retry after a lost response reuses it and gets the same reply.
    public var requestID: String
    public var market: String
    /// Whether the client wants consecutive steps batched into one question (fewer round trips).
    public var batching: Bool
    public var answer: Answer

    public init(attemptID: String, requestID: String, market: String, batching: Bool, answer: Answer) {
        self.attemptID = attemptID
        self.requestID = requestID
        self.market = market
        self.batching = batching
        self.answer = answer
    }
}

/// What the back end sends back.
public struct OnboardingResponse: Codable, Sendable, Hashable {
    public var attemptID: String
    public var reply: Reply

    public init(attemptID: String, reply: Reply) {
        self.attemptID = attemptID
        self.reply = reply
    }
}
