import EventLog
import Onboarding
import OnboardingContract
import OnboardingService
import PlatformKit

/// One user's onboarding attempt, driven one input at a time: a simulation can interleave many
/// attempts on its own schedule. Entry is attached and activated at creation (no network call).
public final class OnboardingAttempt {
    private let entry: Entry
    private let orchestrator: Orchestrator
    private let backend: OnboardingBackend
    /// Inputs given so far.
    public private(set) var steps = 0
    /// Set when the attempt ended: a session, or why there is none.
    public private(set) var result: Result<Session, FieldError>?

    /// Attaches Entry for `dependency` and activates it over an in-process transport to `backend`.
    public init(
        _ dependency: any OnboardingDependency, backend: OnboardingBackend, log: any EventLogWriter, start: Instant,
        random: RandomSource, conditions: NetworkConditions = .perfect, encodesMessages: Bool = false, attemptID: String? = nil
    ) throws {
        self.backend = backend
        entry = try Entry(dependency: dependency, log: log)
        let transport = backend.transport(conditions: conditions, random: random.fork("network"), encodesMessages: encodesMessages)
        orchestrator = try entry.activate(link: ServiceLink(transport: transport, now: start, random: random.fork("backoff")), attemptID: attemptID)
        try settle()
    }

    public var attemptID: String { orchestrator.attemptID }

    /// The client's current time (moved by replies and by `submit(_:at:)`).
    public var now: Instant { orchestrator.link.now }

    /// Whether the attempt waits for the user's input (it has a prompt).
    public var isOpen: Bool { result == nil && orchestrator.currentStep != nil }

    /// What the user sees now, or `nil` once the attempt ended.
    public var prompt: StepPrompt? {
        guard result == nil, let step = orchestrator.currentStep else { return nil }
        return StepPrompt(
            step: step, alternates: orchestrator.alternates, generalErrors: orchestrator.generalErrors,
            deliveredCode: backend.lastCode(for: attemptID)?.code, values: orchestrator.info.values
        )
    }

    /// The user's input at the current step, given at `instant` (not before the client's current time).
    public func submit(_ input: StepInput, at instant: Instant) throws {
        guard result == nil else { return }
        orchestrator.wait(now.duration(to: max(now, instant)))
        try orchestrator.submit(input)
        steps += 1
        try settle()
    }

    /// Gives up at `instant` (the user went away): Entry returns to its Welcome.
    public func abandon(reason: String, at instant: Instant) throws {
        guard result == nil else { return }
        orchestrator.wait(now.duration(to: max(now, instant)))
        try entry.cancel(reason: reason)
        result = .failure(FieldError(nil, code: "attempt.abandoned", message: reason))
    }

    /// The outcome so far: round trips, inputs, time; `result` is `nil` while collecting.
    public var outcome: OnboardingOutcome {
        OnboardingOutcome(
            attemptID: attemptID, result: result ?? .failure(FieldError(nil, code: "attempt.open", message: "Still collecting.")),
            roundTrips: orchestrator.link.roundTrips, steps: steps, finishedAt: now
        )
    }

    private func settle() throws {
        switch orchestrator.state {
        case .collecting: return
        case .finished(let session): result = .success(session)
        case .failed(let error):
            try entry.cancel(reason: error.code)
            result = .failure(error)
        }
    }
}
