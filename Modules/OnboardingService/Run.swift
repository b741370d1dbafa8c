import OnboardingContract
import PlatformKit

/// One `decide` call: emits events, folding each into the draft state as it goes.
struct Run {
    let machine: OnboardingMachine
    let id: String
    let now: Instant
    let random: RandomSource
    var state = OnboardingState()
    var decision = Decision()

    init(machine: OnboardingMachine, id: String, now: Instant, random: RandomSource) {
        self.machine = machine
        self.id = id
        self.now = now
        self.random = random
    }

    var attempt: Attempt? { state.attempts[id] }

    mutating func emit(_ event: any OnboardingEvent) {
        decision.events.append(event)
        event.apply(to: &state)
    }

    mutating func fail(_ code: String, _ message: String, type: DataType? = nil) {
        emit(AttemptFailed(attempt: id, code: code))
        decision.reply = .failed(FieldError(type, code: code, message: message))
    }

    mutating func handle(_ request: OnboardingRequest) {
        let answer = request.answer
        if state.closedAttempts.contains(id) {
            emit(AnswerRefused(attempt: id, questionID: answer.questionID, code: ErrorCode.finished))
            decision.reply = .failed(FieldError(nil, code: ErrorCode.finished, message: "This onboarding attempt is over; start a new one."))
            return
        }
        if attempt == nil {
            guard let flow = machine.flows.flow(for: request.market) else {
                decision.reply = .failed(FieldError(nil, code: ErrorCode.unknownMarket, message: "Onboarding is not available in market \(request.market)."))
                return
            }
            emit(AttemptStarted(
                attempt: id, market: flow.market, batching: request.batching, entryTypes: flow.entryTypes,
                startedAt: now, expiresAt: now.advanced(by: .seconds(flow.policy.attemptLifetimeSeconds))
            ))
        }
        guard let attempt, let flow = machine.flows.flow(for: attempt.market) else { return }
        if now >= attempt.expiresAt {
            return fail(ErrorCode.expired, "This onboarding attempt has expired; start again.")
        }
        guard answer.questionID == attempt.question.id else {
            emit(AnswerRefused(attempt: id, questionID: answer.questionID, code: ErrorCode.stale))
            decision.reply = .errors(attempt.question, [FieldError(nil, code: ErrorCode.stale, message: "That question was already answered; answer the current one.")])
            return
        }
        if let alternate = answer.alternate {
            choose(alternate, flow: flow)
        } else if attempt.scenario == .entry {
            enter(answer, flow: flow)
        } else {
            check(answer, flow: flow)
        }
    }

    // MARK: Entry

    mutating func enter(_ answer: Answer, flow: Flow) {
        let offered = flow.entryTypes.filter { answer.values[$0] != nil }
        guard offered.count == 1, let type = offered.first, let raw = answer.values[type] else {
            let names = flow.entryTypes.map(\.rawValue).joined(separator: " or ")
            return reject(answer, [FieldError(nil, code: ErrorCode.entryMissing, message: "Answer with exactly one of: \(names).")])
        }
        let value: String
        switch Validators.validate(raw, as: type, policy: flow.policy) {
        case .failure(let error): return reject(answer, [error])
        case .success(let normalized): value = normalized
        }
        let key = machine.hasher.identifierKey(value, type: type)
        let windowStart = now.advanced(by: .seconds(-flow.policy.rateWindowSeconds))
        let lookup = IdentifierKey(key)
        let recent = state.recentEntries[lookup, default: []].filter { $0 > windowStart }
        if recent.count >= flow.policy.maxAttemptsPerIdentifier {
            return fail(ErrorCode.rateLimited, "Too many attempts with this \(type.rawValue); try again later.", type: type)
        }
        emit(AnswerAccepted(attempt: id, questionID: Question.entryID, fields: [LoggedValue(type, display: Masking.display(value, as: type), digest: key)]))
        decision.contact = (type, value)
        let known = state.accounts.owner(of: lookup) != nil
        emit(ScenarioChanged(attempt: id, from: .entry, to: known ? .signIn : .register, reason: "\(known ? "known" : "new") \(type.rawValue)"))
        advance(flow: flow)
    }

    // MARK: Answers

    mutating func check(_ answer: Answer, flow: Flow) {
        guard let attempt else { return }
        var errors: [FieldError] = []
        var fields: [LoggedValue] = []
        for type in attempt.question.dataTypes {
            guard let raw = answer.values[type] else {
                errors.append(FieldError(type, code: "\(type.rawValue).missing", message: "This answer needs a \(type.rawValue)."))
                continue
            }
            switch Validators.validate(raw, as: type, policy: flow.policy).flatMap({ accept($0, as: type, attempt: attempt) }) {
            case .success(let field): fields.append(field)
            case .failure(let error):
                errors.append(error)
                fields.append(LoggedValue(type, display: Masking.display(raw, as: type)))
            }
        }
        guard errors.isEmpty else { return reject(answer, errors, fields: fields, flow: flow) }
        emit(AnswerAccepted(attempt: id, questionID: answer.questionID, fields: fields))
        advance(flow: flow)
    }

    /// The logged form of a well-formed `value`, or why the back end refuses it (wrong code, taken email, …).
    func accept(_ value: String, as type: DataType, attempt: Attempt) -> Result<LoggedValue, FieldError> {
        let hasher = machine.hasher
        let display = Masking.display(value, as: type)
        switch type {
        case .oneTimeCode:
            guard let code = attempt.code, now < code.expiresAt else {
                return .failure(FieldError(type, code: ErrorCode.codeExpired, message: "That code has expired; ask for a new one."))
            }
            guard hasher.matches(value, stored: code.digest) else {
                return .failure(FieldError(type, code: ErrorCode.codeIncorrect, message: "That code is not the one we sent."))
            }
            return .success(LoggedValue(type, display: "verified"))
        case .password where attempt.scenario == .signIn:
            let stored = attempt.accountID.flatMap { state.accounts[$0]?.passwordDigest }
            guard let stored, hasher.matches(value, stored: stored, rounds: hasher.passwordRounds) else {
                return .failure(FieldError(type, code: ErrorCode.passwordIncorrect, message: "That password is not right."))
            }
            return .success(LoggedValue(type, display: display))
        case .password:
            return .success(LoggedValue(type, display: display, digest: hasher.digest(value, salt: hasher.salt(random), rounds: hasher.passwordRounds)))
        case .mobileNumber, .email, .socialToken:
            let key = hasher.identifierKey(value, type: type)
            if let owner = state.accounts.owner(of: IdentifierKey(key)), owner != attempt.accountID {
                return .failure(FieldError(type, code: "\(type.rawValue).\(ErrorCode.taken)", message: "This \(type.rawValue) belongs to another account."))
            }
            return .success(LoggedValue(type, display: display, digest: key))
        default:
            return .success(LoggedValue(type, display: display))
        }
    }

    mutating func reject(_ answer: Answer, _ errors: [FieldError], fields: [LoggedValue] = [], flow: Flow? = nil) {
        emit(AnswerRejected(attempt: id, questionID: answer.questionID, fields: fields, errors: errors.map(LoggedError.init)))
        guard let attempt else { return }
        if let flow, attempt.codeTries >= flow.policy.maxTries {
            return fail(ErrorCode.codeLocked, "Too many wrong codes; start again later.", type: .oneTimeCode)
        }
        if let flow, attempt.passwordTries >= flow.policy.maxTries {
            return fail(ErrorCode.passwordLocked, "Too many wrong passwords; start again later.", type: .password)
        }
        decision.reply = .errors(attempt.question, errors)
    }

    // MARK: Alternates

    mutating func choose(_ alternateID: String, flow: Flow) {
        guard let attempt, let alternate = attempt.question.alternates.first(where: { $0.id == alternateID }) else {
            let answer = Answer(questionID: self.attempt?.question.id ?? "", alternate: alternateID)
            return reject(answer, [FieldError(nil, code: ErrorCode.unknownAlternate, message: "\(alternateID) is not offered here.")])
        }
        emit(AlternateChosen(attempt: id, questionID: attempt.question.id, alternate: alternate.id))
        if let target = alternate.scenario, target != attempt.scenario {
            emit(ScenarioChanged(attempt: id, from: attempt.scenario, to: target, reason: alternate.id))
        }
        advance(flow: flow, channel: alternate.scenario == nil ? alternate.id : nil)
    }

    // MARK: Next question or session

    /// Sends the next question (batching consecutive batchable steps if the client asked), or finishes.
    mutating func advance(flow: Flow, channel: String? = nil) {
        guard let attempt else { return }
        let known = attempt.known
        let remaining: [(step: FlowStep, types: [DataType])] = (flow.scenarios[attempt.scenario] ?? []).compactMap { step in
            guard attempt.entryType.map({ step.entryTypes?.contains($0) ?? true }) ?? true else { return nil }
            let types = step.dataTypes.filter { !known.contains($0) }
            return types.isEmpty ? nil : (step, types)
        }
        guard let first = remaining.first else { return finish() }
        var picked = [first]
        if attempt.batching && first.step.batchable {
            picked += remaining.dropFirst().prefix { $0.step.batchable }
        }
        var alternates: [AlternateQuestion] = []
        for alternate in picked.flatMap(\.step.alternates) where !alternates.contains(where: { $0.id == alternate.id }) {
            alternates.append(alternate)
        }
        let question = Question(
            id: "q-\(attempt.questionCount + 1)", scenario: attempt.scenario,
            steps: picked.flatMap { $0.step.instructions(for: $0.types) }, alternates: alternates
        )
        emit(QuestionSent(attempt: id, question: question))
        if question.dataTypes.contains(.oneTimeCode) {
            issueCode(flow: flow, channel: channel ?? (attempt.entryType == .email ? "email" : "sms"))
        }
        decision.reply = .question(question)
    }

    mutating func issueCode(flow: Flow, channel: String) {
        let code = String((0..<flow.policy.codeLength).map { _ in Character(String(random.int(in: 0..<10))) })
        let digest = machine.hasher.digest(code, salt: machine.hasher.salt(random))
        emit(CodeIssued(attempt: id, channel: channel, digest: digest, expiresAt: now.advanced(by: .seconds(flow.policy.codeLifetimeSeconds))))
        decision.deliveries.append(CodeDelivery(attemptID: id, channel: channel, code: code))
    }

    mutating func finish() {
        guard let attempt else { return }
        var accountID = attempt.accountID
        switch attempt.scenario {
        case .register:
            let created = "account-\(state.accounts.count + 1)"
            let contacts = attempt.fields.filter { [.mobileNumber, .email, .socialToken].contains($0.type) }
            emit(AccountCreated(
                account: created, attempt: id, market: attempt.market, identifierKeys: contacts.compactMap(\.digest),
                maskedMobile: attempt.field(.mobileNumber)?.display, maskedEmail: attempt.field(.email)?.display,
                firstName: attempt.field(.firstName)?.display, lastName: attempt.field(.lastName)?.display,
                passwordDigest: attempt.field(.password)?.digest
            ))
            accountID = created
        case .accountRecovery:
            if let accountID, let digest = attempt.field(.password)?.digest {
                emit(PasswordReset(account: accountID, attempt: id, passwordDigest: digest))
            }
        case .signIn, .entry:
            break
        }
        guard let accountID else {
            return fail(ErrorCode.unavailable, "No account to sign in to.")
        }
        let token = random.bytes(32).hexString
        emit(SessionIssued(attempt: id, account: accountID, scenario: attempt.scenario, tokenDigest: machine.hasher.digest(token, salt: "")))
        decision.reply = .session(Session(accountID: accountID, token: token, scenario: attempt.scenario))
    }
}
