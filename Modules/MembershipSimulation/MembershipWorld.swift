import ActionCards
import EventLog
import Membership
import MembershipContract
import MembershipService
import PlatformKit

/// The membership back end and its card sessions in one process, for simulations, tools and
/// tests: screens are loaded once; each session reaches the service over an `InProcessTransport`;
/// every step's events (the session's and the service's) come back together.
public final class MembershipWorld {
    public let server: MembershipServer
    let outbox = EventOutbox()
    let conditions: NetworkConditions
    let random: RandomSource
    let encodesMessages: Bool

    /// - Parameters:
    ///   - conditions: the network between every client and the service.
    ///   - encodesMessages: whether messages go through JSON on the way (the wire contract); off for speed.
    public init(catalog: ScreenCatalog, conditions: NetworkConditions = .perfect, random: RandomSource, encodesMessages: Bool = false) {
        server = MembershipServer(catalog: catalog, outbox: outbox)
        self.conditions = conditions
        self.random = random
        self.encodesMessages = encodesMessages
    }

    /// Opens a card session for `member` (e.g. `member-7`) in `app` at the screen `start`.
    public func openSession(member: String, app: MembershipApp, start: String, params: [String: String] = [:], at instant: Instant)
        throws -> (session: ActionCardSession, step: StepResult)
    {
        let transport = server.transport(conditions: conditions, random: random.fork(member), encodesMessages: encodesMessages)
        let client = MembershipClient(transport: transport)
        let session = ActionCardSession(
            member: member, app: app.rawValue, chain: app.chain(client: client), screens: client.screens(app: app.rawValue),
            outbox: outbox, at: instant
        )
        return (session, try session.open(start, params: params, at: instant))
    }

    /// Puts `member` in a starting state; returns the event to append.
    public func enroll(_ member: String, status: MemberStatus, plan: String? = nil) -> StepResult {
        server.enroll(member, status: status, plan: plan)
        return StepResult(events: outbox.drain())
    }

    /// The service's state of `member`.
    public func member(_ id: String) -> MembershipProjection.Member { server.state.member(id) }

    /// Every event type of the feature (card sessions and membership).
    public static var registry: EventRegistry {
        var registry = ActionCardsEvents.registry
        registry.merge(MembershipEvents.registry)
        return registry
    }
}
