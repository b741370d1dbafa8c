import ActionCards
import EventLog
import Membership
import MembershipContract
import MembershipService
import MembershipSimulation
import PlatformKit

/// Members opening their membership card screens after a trip: browsing, buying or cancelling.
final class MembershipStage {
    /// A member's journey: which screen to open and which cards to tap, in order.
    private struct Journey {
        var name: String
        var start: String
        var taps: [(card: String, option: String?)]
    }

    private static let join = Journey(name: "join", start: "hub", taps: [("join", nil), ("plan-list", "monthly"), ("purchase", nil)])
    private static let cancel = Journey(name: "cancel", start: "hub", taps: [("manage", nil), ("end", nil), ("cancel", nil)])
    private static let browse = Journey(name: "browse", start: "hub", taps: [("eats-store", nil), ("pass-ride", nil)])

    private let world: MembershipWorld
    private let log: any EventLogWriter
    private let random: RandomSource

    init(screens: ScreenCatalog, log: any EventLogWriter, random: RandomSource) {
        world = MembershipWorld(catalog: screens, conditions: NetworkConditions(latencyMilliseconds: 50...400), random: random.fork("membership"))
        self.log = log
        self.random = random
    }

    /// The membership back end's state: the fold of every membership event of the run.
    var serverState: MembershipProjection.State { world.server.state }

    /// `rider` opens the membership screens at `start` in the Rides app; returns the journey taken
    /// and when the member is done.
    func visit(rider: Int, at start: Instant) throws -> (journey: String, finishedAt: Instant) {
        let member = EntityID.member(rider)
        let status = world.member(member).status
        let journey = status == .active ? (random.bool(probability: 0.3) ? Self.cancel : Self.browse)
            : (random.bool(probability: 0.5) ? Self.join : Self.browse)
        var now = start
        let (session, opened) = try world.openSession(member: member, app: .rides, start: journey.start, at: now)
        try opened.append(to: log)
        for tap in journey.taps {
            now = try settle(session, after: now)
            guard session.screen?.card(tap.card) != nil else { break }
            try session.tap(tap.card, option: tap.option, at: now).append(to: log)
        }
        now = try settle(session, after: now)
        return (journey.name, now)
    }

    /// Lets the member read for a few seconds and any answers in flight arrive.
    private func settle(_ session: ActionCardSession, after instant: Instant) throws -> Instant {
        var now = instant.advanced(bySeconds: random.int(in: 2..<8))
        while let due = session.nextDue {
            now = max(now, due)
            try session.advance(to: now).append(to: log)
        }
        return now
    }
}
