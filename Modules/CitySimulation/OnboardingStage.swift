import EventLog
import Onboarding
import OnboardingHarness
import OnboardingService
import PlatformKit

/// Riders onboarding through the real client framework and back end, one attempt per arrival,
/// each input of it a step of the city: many riders' conversations interleave in virtual time.
final class OnboardingStage {
    /// A rider's attempt in progress, and what the city records when it ends (a class: a step
    /// reads it in place, without retaining each of its parts).
    private final class Conversation {
        let attempt: OnboardingAttempt
        let user: GeneratedUser
        let market: String

        init(attempt: OnboardingAttempt, user: GeneratedUser, market: String) {
            self.attempt = attempt
            self.user = user
            self.market = market
        }
    }

    /// How long a rider takes to answer a step after its reply came.
    static let thinkTime: Duration = .seconds(3)

    private let backend: OnboardingBackend
    private let log: any EventLogStore
    private let random: RandomSource
    private var conversations: [Int: Conversation] = [:]
    /// Markets the flows define, in a stable order.
    let markets: [String]

    init(flows: FlowCatalog, log: any EventLogStore, random: RandomSource) {
        self.log = log
        self.random = random
        markets = flows.markets
        backend = OnboardingBackend(flows: flows, log: log, random: random.fork("onboarding-backend"))
    }

    /// The back end's state: the fold of every onboarding event of the run.
    var serviceState: OnboardingState { backend.service.state }

    /// Has the back end forget the rate-limit entries no market's window reaches at `now`.
    func expireEntries(at now: Instant) {
        backend.service.expireEntries(at: now)
    }

    /// Starts `rider`'s attempt in `market` at `start` (Entry activates it: its first round trip);
    /// a rider on a poor network gets no batching. Returns when its next step is due.
    func begin(rider: Int, market: String, start: Instant, poorNetwork: Bool) throws -> Instant {
        let client = EntityID.rider(rider)
        var app = AppDependency(market: market, clientID: client)
        app.batching = !poorNetwork
        let riderRandom = random.fork(client)
        let conditions = poorNetwork
            ? NetworkConditions(latencyMilliseconds: 300...1_500, lossProbability: 0.1)
            : NetworkConditions(latencyMilliseconds: 40...120)
        let attempt = try OnboardingAttempt(
            app, backend: backend, log: log, start: start, random: riderRandom.fork("network"),
            conditions: conditions, attemptID: client
        )
        let user = GeneratedUser(number: rider, random: riderRandom.fork("user"), mistakeRate: 0.05)
        conversations[rider] = Conversation(attempt: attempt, user: user, market: market)
        return attempt.isOpen ? attempt.now.advanced(by: Self.thinkTime) : attempt.now
    }

    /// The step of `rider`'s conversation due at `now`: the rider's next input, or its end once
    /// the last reply came (the attempt's events carry the time of the input they answer).
    func step(rider: Int, at now: Instant) throws -> ConversationProgress<RiderOnboarded> {
        guard let conversation = conversations[rider] else {
            throw SimulationError("rider \(rider) has no onboarding attempt in progress")
        }
        let attempt = conversation.attempt
        if try OnboardingDriver.advance(attempt, at: now, respond: { conversation.user.respond($0) }) {
            return .due(attempt.now.advanced(by: Self.thinkTime))
        }
        if attempt.now > now { return .due(attempt.now) }
        conversations[rider] = nil
        backend.discardCode(for: attempt.attemptID)
        let outcome = attempt.outcome
        return .ended(RiderOnboarded(
            rider: rider, market: conversation.market, succeeded: outcome.session != nil, roundTrips: outcome.roundTrips,
            finishedAt: outcome.finishedAt.millisecondsSinceEpoch
        ))
    }
}
