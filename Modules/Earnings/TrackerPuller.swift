import EventLog
import PlatformKit
import RealtimeAPI

/// Pulls one service's cards when its data manager says a pull is due (push is preferred: a
/// recent push or pull, or a backoff after a failure, holds pulls back). The outcome is an event.
public struct TrackerPuller: Sendable {
    public var policy: PullPolicy
    public var random: RandomSource

    public init(policy: PullPolicy = PullPolicy(), random: RandomSource) {
        self.policy = policy
        self.random = random
    }

    /// `TrackerCardsPulled` or `TrackerPullFailed` for the caller to append and fold, or `nil` when no pull is due.
    public func pullIfDue<T: Transport>(
        driverID: String, service: TrackerService, state: TrackerState, at instant: Instant, transport: inout T
    ) -> (any Event)? where T.Request == TrackerPullRequest, T.Response == TrackerPullResponse {
        let manager = state.manager(service) ?? ServiceDataManager(service: service)
        guard manager.isPullDue(at: instant, policy: policy) else { return nil }
        switch transport.send(TrackerPullRequest(driverID: driverID, service: service), at: instant) {
        case .success(let delivery):
            return TrackerCardsPulled(driverID: driverID, service: service, cards: delivery.response.cards.cards, at: delivery.receivedAt)
        case .failure(let error):
            let retryAt = manager.retryInstant(after: instant, policy: policy, random: random)
            return TrackerPullFailed(driverID: driverID, service: service, reason: "\(error)", at: instant, retryAt: retryAt)
        }
    }
}
