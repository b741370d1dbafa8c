import EventLog

/// The back end's state (accounts and open attempts) as a fold of its events: a replay rebuilds it.
public struct OnboardingProjection: Projection {
    public init() {}

    public var name: String { "onboarding.accounts" }
    /// 3: accounts are one run of records (see `AccountTable+Records.swift`).
    public var version: Int { 3 }
    public var initialState: OnboardingState { OnboardingState() }
    public var events: EventRegistry { Self.registry }

    /// Every back-end event type.
    public static let registry: EventRegistry = {
        var registry = EventRegistry()
        registry.register(AttemptStarted.self)
        registry.register(QuestionSent.self)
        registry.register(AnswerAccepted.self)
        registry.register(AnswerRejected.self)
        registry.register(AnswerRefused.self)
        registry.register(AlternateChosen.self)
        registry.register(ScenarioChanged.self)
        registry.register(CodeIssued.self)
        registry.register(AccountCreated.self)
        registry.register(PasswordReset.self)
        registry.register(SessionIssued.self)
        registry.register(AttemptFailed.self)
        registry.register(EntriesExpired.self)
        return registry
    }()

    public func apply(_ event: any Event, envelope: RecordedEvent, to state: inout OnboardingState) {
        (event as? any OnboardingEvent)?.apply(to: &state)
    }
}
