import ActionCards
import EventLog
import Membership
import MembershipContract
import MembershipService
import MembershipSimulation
import PlatformKit

/// Members opening their membership card screens after a trip: browsing, buying or cancelling,
/// each tap and each answer's arrival a step of the city.
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

    /// A member's visit under way: the journey, its card session, the taps given so far, and
    /// when the member will have read the screen the last tap brought.
    private final class Visit {
        let journey: Journey
        let session: ActionCardSession
        var taps = 0
        var readAt: Instant

        init(journey: Journey, session: ActionCardSession, readAt: Instant) {
            self.journey = journey
            self.session = session
            self.readAt = readAt
        }
    }

    private let world: MembershipWorld
    private let log: any EventLogWriter
    private let random: RandomSource
    private var visits: [Int: Visit] = [:]

    init(screens: ScreenCatalog, log: any EventLogWriter, random: RandomSource) {
        world = MembershipWorld(catalog: screens, conditions: NetworkConditions(latencyMilliseconds: 50...400), random: random.fork("membership"))
        self.log = log
        self.random = random
    }

    /// The membership back end's state: the fold of every membership event of the run.
    var serverState: MembershipProjection.State { world.server.state }

    /// `rider` opens the membership screens at `start` in the Rides app; returns when the visit's
    /// next step is due, or `nil` (no visit) while a visit of theirs is still under way.
    func begin(rider: Int, at start: Instant) throws -> Instant? {
        guard visits[rider] == nil else { return nil }
        let member = EntityID.member(rider)
        let status = world.member(member).status
        let journey = status == .active ? (random.bool(probability: 0.3) ? Self.cancel : Self.browse)
            : (random.bool(probability: 0.5) ? Self.join : Self.browse)
        let (session, opened) = try world.openSession(member: member, app: .rides, start: journey.start, at: start)
        try opened.append(to: log)
        let visit = Visit(journey: journey, session: session, readAt: readingTime(after: start))
        visits[rider] = visit
        return nextStep(of: visit)
    }

    /// The step of `rider`'s visit due at `now`: the answers that have arrived by then, and once
    /// none is in flight and the member has read the screen, the journey's next tap; the journey's
    /// name when it is done.
    func step(rider: Int, at now: Instant) throws -> ConversationProgress<String> {
        guard let visit = visits[rider] else { throw SimulationError("rider \(rider) has no membership visit under way") }
        while let due = visit.session.nextDue, due <= now {
            try visit.session.advance(to: now).append(to: log)
        }
        if visit.session.nextDue != nil || now < visit.readAt { return .due(nextStep(of: visit)) }
        guard visit.taps < visit.journey.taps.count, case let tap = visit.journey.taps[visit.taps],
              visit.session.screen?.card(tap.card) != nil else {
            visits[rider] = nil
            return .ended(visit.journey.name)
        }
        try visit.session.tap(tap.card, option: tap.option, at: now).append(to: log)
        visit.taps += 1
        visit.readAt = readingTime(after: now)
        return .due(nextStep(of: visit))
    }

    /// When `visit` next has something to do: an answer arriving (a tap waits for every answer in
    /// flight), or else the member's next tap.
    private func nextStep(of visit: Visit) -> Instant {
        visit.session.nextDue ?? visit.readAt
    }

    /// When a member who tapped (or opened the screens) at `instant` has read what came: a few
    /// seconds later.
    private func readingTime(after instant: Instant) -> Instant {
        instant.advanced(bySeconds: random.int(in: 2..<8))
    }
}
