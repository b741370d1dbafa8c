import EventLog
import OnboardingContract
import OnboardingService
import PlatformKit

/// The back end in process: the service, its code outbox, and transports to it for any number of clients.
public final class OnboardingBackend {
    public let service: OnboardingService
    /// The last code sent per attempt still in progress (a user's phone).
    private var outbox: [String: CodeMessage] = [:]

    /// A back end over `flows`, appending to `log`; `random` gives codes, salts and tokens (seeded in simulations).
    public init(flows: FlowCatalog, log: any EventLogStore, random: RandomSource, hasher: SecretHasher = .simulation, state: OnboardingState = OnboardingState()) {
        var deliver: (CodeMessage) -> Void = { _ in }
        service = OnboardingService(flows: flows, hasher: hasher, log: log, random: random, state: state) { deliver($0) }
        deliver = { [unowned self] message in self.outbox[message.attemptID] = message }
    }

    /// The last code sent for `attemptID` (what the user reads on their phone).
    public func lastCode(for attemptID: String) -> CodeMessage? { outbox[attemptID] }

    /// Forgets the code sent for `attemptID`, whose attempt has ended (a long run keeps no code per user).
    public func discardCode(for attemptID: String) {
        outbox[attemptID] = nil
    }

    /// An in-process transport to this back end. Set `encodesMessages` to check the JSON contract
    /// (tools, tests); simulations leave it off for speed.
    public func transport(conditions: NetworkConditions = .perfect, random: RandomSource, encodesMessages: Bool = false) -> InProcessTransport<OnboardingRequest, OnboardingResponse> {
        InProcessTransport(conditions: conditions, random: random, encodesMessages: encodesMessages) { [unowned self] request, instant in
            self.service.handle(request, at: instant)
        }
    }
}

extension SecretHasher {
    /// A fixed pepper and one password round: reproducible and cheap, for simulations and tests only.
    public static let simulation = SecretHasher(pepper: Array("mobileplatform-simulation-pepper".utf8), passwordRounds: 1)
}
