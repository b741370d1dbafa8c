import OnboardingContract
import PlatformKit

/// A one-time code to hand to the user out of band (SMS, email, voice call).
public struct CodeDelivery: Sendable, Hashable {
    public var attemptID: String
    public var channel: String
    public var code: String
}

/// What the machine decided for one request: events to append, the reply, and effects as values.
public struct Decision {
    public var events: [any OnboardingEvent] = []
    public var reply: Reply = .failed(FieldError(nil, code: ErrorCode.unavailable, message: "No reply."))
    public var deliveries: [CodeDelivery] = []
    /// The entry value in clear (where codes go), kept by the service outside the log.
    public var contact: (type: DataType, value: String)?
}

/// The back end's pure core: state + request → events + reply. No I/O; randomness is injected.
public struct OnboardingMachine: Sendable {
    public var flows: FlowCatalog
    public var hasher: SecretHasher

    public init(flows: FlowCatalog, hasher: SecretHasher) {
        self.flows = flows
        self.hasher = hasher
    }

    /// Handles `request` at `now`: returns the events, reply and effects, and folds the events into
    /// `state` in place (the same `apply` a replay uses), so a large state is never copied.
    public func decide(_ request: OnboardingRequest, at now: Instant, state: inout OnboardingState, random: RandomSource) -> Decision {
        var run = Run(machine: self, id: request.attemptID, now: now, random: random)
        swap(&state, &run.state)
        run.handle(request)
        swap(&state, &run.state)
        return run.decision
    }
}
