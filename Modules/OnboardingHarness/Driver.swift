import EventLog
import Onboarding
import OnboardingContract
import PlatformKit

/// What a user sees at a step: the step (with its errors), alternates, unclaimed errors, and the code they received.
public struct StepPrompt {
    public var step: InfoStep
    public var alternates: [AlternateQuestion]
    public var generalErrors: [FieldError]
    /// The last one-time code sent for this attempt, as the user would read it.
    public var deliveredCode: String?
    /// What Info holds already (for prefilled steps).
    public var values: [DataType: String]
}

/// How one onboarding attempt ended.
public struct OnboardingOutcome {
    public var attemptID: String
    /// The session, or why there is none.
    public var result: Result<Session, FieldError>
    /// Requests sent to the back end, retries included.
    public var roundTrips: Int
    /// Inputs the user gave.
    public var steps: Int
    /// The client's time when it ended.
    public var finishedAt: Instant

    public var session: Session? { try? result.get() }
}

/// Runs one user's onboarding attempt to its end synchronously in virtual time: client framework and
/// back end over an in-process transport, every event appended to the caller's log. No file I/O per step.
public enum OnboardingDriver {
    /// How long a user takes to answer a step after its reply came, unless told otherwise.
    public static let defaultThinkTime: Duration = .seconds(3)
    /// Inputs after which a user without a session gives up, unless told otherwise.
    public static let defaultMaxSteps = 200

    /// Answers each prompt with `respond`, `thinkTime` after the previous reply, until a session, a
    /// failure, or `maxSteps` inputs.
    public static func run(
        _ dependency: any OnboardingDependency, backend: OnboardingBackend, log: any EventLogWriter,
        start: Instant, random: RandomSource, conditions: NetworkConditions = .perfect, encodesMessages: Bool = false,
        attemptID: String? = nil, thinkTime: Duration = defaultThinkTime, maxSteps: Int = defaultMaxSteps,
        respond: (StepPrompt) throws -> StepInput
    ) throws -> OnboardingOutcome {
        let attempt = try OnboardingAttempt(
            dependency, backend: backend, log: log, start: start, random: random, conditions: conditions,
            encodesMessages: encodesMessages, attemptID: attemptID
        )
        while try advance(attempt, at: attempt.now.advanced(by: thinkTime), maxSteps: maxSteps, respond: respond) {}
        backend.discardCode(for: attempt.attemptID)
        return attempt.outcome
    }

    /// Gives the user's next input (`respond` to the prompt) at `instant`, or abandons the attempt
    /// once `maxSteps` inputs brought no session. Returns whether the attempt is still open: a
    /// simulation calls this once per scheduled input, to interleave many attempts.
    public static func advance(
        _ attempt: OnboardingAttempt, at instant: Instant, maxSteps: Int = defaultMaxSteps, respond: (StepPrompt) throws -> StepInput
    ) throws -> Bool {
        guard let prompt = attempt.prompt else { return false }
        guard attempt.steps < maxSteps else {
            try attempt.abandon(reason: "no session after \(maxSteps) inputs", at: instant)
            return false
        }
        try attempt.submit(try respond(prompt), at: instant)
        return attempt.isOpen
    }
}
