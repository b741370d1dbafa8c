import EventLog
import Onboarding
import OnboardingService
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

/// Runs one user's onboarding attempt synchronously in virtual time: client framework and back end
/// over an in-process transport, every event appended to the caller's log. No file I/O per step.
public enum OnboardingDriver {
    /// Attaches Entry for `dependency`, activates it and answers each step with `respond` until a
    /// session, a failure, or `maxSteps` inputs. `thinkTime` passes on the client's clock before each input.
    public static func run(
        _ dependency: any OnboardingDependency, backend: OnboardingBackend, log: any EventLogWriter,
        start: Instant, random: RandomSource, conditions: NetworkConditions = .perfect, encodesMessages: Bool = false,
        attemptID: String? = nil, thinkTime: Duration = .seconds(3), maxSteps: Int = 200,
        respond: (StepPrompt) throws -> StepInput
    ) throws -> OnboardingOutcome {
        let entry = try Entry(dependency: dependency, log: log)
        let transport = backend.transport(conditions: conditions, random: random.fork("network"), encodesMessages: encodesMessages)
        let link = ServiceLink(transport: transport, now: start, random: random.fork("backoff"))
        let orchestrator = try entry.activate(link: link, attemptID: attemptID)
        var steps = 0
        while let step = orchestrator.currentStep {
            guard steps < maxSteps else {
                try entry.cancel(reason: "too many steps")
                return outcome(orchestrator, steps, .failure(FieldError(nil, code: "driver.tooManySteps", message: "No session after \(maxSteps) inputs.")))
            }
            let prompt = StepPrompt(
                step: step, alternates: orchestrator.alternates, generalErrors: orchestrator.generalErrors,
                deliveredCode: backend.lastCode(for: orchestrator.attemptID)?.code, values: orchestrator.info.values
            )
            let input = try respond(prompt)
            orchestrator.wait(thinkTime)
            try orchestrator.submit(input)
            steps += 1
        }
        switch orchestrator.state {
        case .finished(let session):
            return outcome(orchestrator, steps, .success(session))
        case .failed(let error):
            try entry.cancel(reason: error.code)
            return outcome(orchestrator, steps, .failure(error))
        case .collecting:
            return outcome(orchestrator, steps, .failure(FieldError(nil, code: "driver.stopped", message: "Stopped while collecting.")))
        }
    }

    private static func outcome(_ orchestrator: Orchestrator, _ steps: Int, _ result: Result<Session, FieldError>) -> OnboardingOutcome {
        OnboardingOutcome(attemptID: orchestrator.attemptID, result: result, roundTrips: orchestrator.link.roundTrips, steps: steps, finishedAt: orchestrator.link.now)
    }
}
