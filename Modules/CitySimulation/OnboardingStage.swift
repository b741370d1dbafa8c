import EventLog
import Onboarding
import OnboardingHarness
import OnboardingService
import PlatformKit

/// Riders onboarding through the real client framework and back end, one attempt per arrival.
final class OnboardingStage {
    private let backend: OnboardingBackend
    private let log: any EventLogStore
    private let random: RandomSource
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

    /// Runs `rider`'s attempt in `market` from `start`; a rider on a poor network gets no batching.
    func onboard(rider: Int, market: String, start: Instant, poorNetwork: Bool) throws -> RiderOnboarded {
        let client = EntityID.rider(rider)
        var app = AppDependency(market: market, clientID: client)
        app.batching = !poorNetwork
        let riderRandom = random.fork(client)
        let user = GeneratedUser(number: rider, random: riderRandom.fork("user"), mistakeRate: 0.05)
        let conditions = poorNetwork
            ? NetworkConditions(latencyMilliseconds: 300...1_500, lossProbability: 0.1)
            : NetworkConditions(latencyMilliseconds: 40...120)
        let outcome = try OnboardingDriver.run(
            app, backend: backend, log: log, start: start, random: riderRandom.fork("network"),
            conditions: conditions, attemptID: client
        ) { user.respond($0) }
        return RiderOnboarded(
            rider: rider, market: market, succeeded: outcome.session != nil, roundTrips: outcome.roundTrips,
            finishedAt: outcome.finishedAt.millisecondsSinceEpoch
        )
    }
}
