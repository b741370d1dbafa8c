import OnboardingContract
import PlatformKit

/// What the user (a script, the terminal, the simulation) did at an info step.
public enum StepInput: Sendable, Hashable {
    /// Values for the step's data types.
    case values([DataType: String])
    /// The user chose an alternate question (e.g. `forgotPassword`).
    case alternate(String)
}

/// Runs the question–answer cycle for one attempt: Transformer builds steps, Sequence orders them,
/// Info forms answers, the link carries them; then ConfigureStep plugins, then the session.
public final class Orchestrator {
    public enum State: Sendable {
        /// Waiting for input at this step.
        case collecting(InfoStep)
        /// Onboarded: the session for the app.
        case finished(Session)
        /// The attempt ended without a session.
        case failed(FieldError)
    }

    public let attemptID: String
    public private(set) var state: State
    public private(set) var sequence = StepSequence()
    public private(set) var info = Info()
    public private(set) var link: ServiceLink
    /// The scenario of the latest question.
    public private(set) var scenario: Scenario
    /// Errors of the last reply that no step claimed (e.g. a stale question).
    public private(set) var generalErrors: [FieldError] = []
    private let dependency: any OnboardingDependency
    private let transformer: Transformer
    private let log: ClientLog
    private var requests = 0

    init(attemptID: String, question: Question, dependency: any OnboardingDependency, link: ServiceLink, log: ClientLog) throws {
        self.attemptID = attemptID
        self.dependency = dependency
        self.link = link
        self.log = log
        self.scenario = question.scenario
        self.transformer = Transformer(plugins: dependency.infoStepPlugins, switches: dependency.pluginSwitches, theme: dependency.theme)
        self.state = .failed(FieldError(nil, code: "question.empty", message: "The question asks for nothing."))
        try present(question)
    }

    /// The step awaiting input, if collecting.
    public var currentStep: InfoStep? {
        if case .collecting(let step) = state { step } else { nil }
    }

    /// The alternates the current question offers.
    public var alternates: [AlternateQuestion] { sequence.currentQuestion?.alternates ?? [] }

    /// The context plugins are judged on.
    public var context: OnboardingContext {
        let code = info.values[.mobileNumber].map(Self.countryCode)
        return OnboardingContext(market: dependency.market, scenario: scenario, flags: dependency.experimentFlags, mobileCountryCode: code)
    }

    /// The calling code of an E.164 number: one digit for zones 1 and 7, else two (three-digit codes are cut to two).
    static func countryCode(_ number: String) -> String {
        // Over the bytes when each is a `Character`: a digit byte is then a `Character` that is a number.
        let code = number.withSingleByteCharacters { bytes in
            let digits = bytes.lazy.filter(\.isASCIIDigit)
            let code = digits.prefix(codeLength(startingWith: digits.first.map { Character(Unicode.Scalar($0)) }))
            return String(unsafeUninitializedCapacity: 3) { buffer in
                buffer[0] = UInt8(ascii: "+")
                return 1 + UnsafeMutableBufferPointer(rebasing: buffer[1...]).initialize(fromContentsOf: code)
            }
        }
        if let code { return code }
        let digits = number.filter(\.isNumber)
        return "+" + digits.prefix(codeLength(startingWith: digits.first))
    }

    /// How many digits a calling code starting with `first` has: one for zones 1 and 7, else two.
    private static func codeLength(startingWith first: Character?) -> Int {
        first == "1" || first == "7" ? 1 : 2
    }

    /// Takes the user's input at the current step and moves on: next step, an answer to the back end, or the end.
    public func submit(_ input: StepInput) throws {
        guard case .collecting = state else { return }
        switch input {
        case .alternate(let id):
            guard let question = sequence.currentQuestion else { return }
            try send(Answer(questionID: question.id, alternate: id))
        case .values(let values):
            info.store(values)
            try proceed()
        }
    }

    /// Lets the client's clock run (the user thinking).
    public func wait(_ duration: Duration) { link.wait(duration) }

    private func proceed() throws {
        switch sequence.next() {
        case .step(.info(let step)):
            state = .collecting(step)
        case .answer(let question):
            guard let answer = info.answer(for: question) else {
                try log.record(AnswerWithheld(client: dependency.clientID, attempt: attemptID, questionID: question.id))
                sequence.rewind()
                return showCurrent()
            }
            try send(answer)
        case .step(.configure), .session, nil:
            return
        }
    }

    private func send(_ answer: Answer) throws {
        requests += 1
        let request = OnboardingRequest(
            attemptID: attemptID, requestID: "\(attemptID)/\(requests)", market: dependency.market,
            batching: dependency.batching, answer: answer
        )
        switch link.send(request) {
        case .failure(let error):
            // Only the kind of failure: a contract error's text could quote the request.
            let kind = switch error {
            case .unreachable: "unreachable"
            case .requestLost: "requestLost"
            case .responseLost: "responseLost"
            case .contract: "contract"
            }
            try log.record(RequestFailed(client: dependency.clientID, attempt: attemptID, error: kind))
            state = .failed(FieldError(nil, code: "transport.failed", message: "No connection to onboarding (\(kind))."))
        case .success(let response):
            try handle(response.reply)
        }
    }

    private func handle(_ reply: Reply) throws {
        generalErrors = []
        switch reply {
        case .question(let question):
            try present(question)
        case .errors(let question, let errors):
            if question.id != sequence.currentQuestion?.id { try present(question) }
            generalErrors = sequence.distribute(errors)
            showCurrent()
        case .session(let session):
            try configure(session)
        case .failed(let error):
            state = .failed(error)
        }
    }

    private func present(_ question: Question) throws {
        scenario = question.scenario
        let steps = transformer.transform(question, context: context)
        try log.record(InfoStepsBuilt(client: dependency.clientID, attempt: attemptID, questionID: question.id, builders: steps.map(\.builder.rawValue)))
        sequence.map(question, to: steps)
        showCurrent()
    }

    private func showCurrent() {
        if case .info(let step) = sequence.current { state = .collecting(step) }
    }

    /// Runs the applicable ConfigureStep plugins through the Sequence, then hands the session over.
    private func configure(_ session: Session) throws {
        let point = PluginPoint(plugins: dependency.configureStepPlugins, switches: dependency.pluginSwitches) { _ in ConfigureStep(id: "none") }
        let steps = point.resolveAll(context)
        try log.record(ConfigureStepsChosen(client: dependency.clientID, attempt: attemptID, steps: steps.map(\.id.rawValue)))
        sequence.map(session, to: steps)
        var delivered = steps.isEmpty ? session : nil
        while delivered == nil, case .configure(let step) = sequence.current {
            step.run(with: session)
            if case .session(let done) = sequence.next() { delivered = done }
        }
        let final = delivered ?? session
        try log.record(SessionDelivered(client: dependency.clientID, attempt: attemptID, account: final.accountID, scenario: final.scenario))
        state = .finished(final)
    }
}
