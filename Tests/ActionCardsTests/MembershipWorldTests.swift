import ActionCards
import EventLog
import Membership
import MembershipContract
import MembershipService
import MembershipSimulation
import PlatformKit
import XCTest

/// The simulation's entry point: many members' sessions in one world, appending to one shared log.
final class MembershipWorldTests: XCTestCase {
    func test_interleavedMembers_appendToOneLog_onTheirOwnStreams() throws {
        let log = InMemoryEventLog(clock: .constant(start))
        let world = MembershipWorld(catalog: Fixtures.catalog, conditions: NetworkConditions(latencyMilliseconds: 30...90), random: .seeded(3))
        try world.enroll("member-2", status: .active, plan: "annual").append(to: log)
        var sessions: [ActionCardSession] = []
        for (member, app) in [("member-1", MembershipApp.eats), ("member-2", .rides), ("member-3", .eats)] {
            let (session, step) = try world.openSession(member: member, app: app, start: "hub", at: start)
            try step.append(to: log)
            sessions.append(session)
        }
        var now = start
        for card in ["join", "manage", "trial"] {
            now = now.plus(500)
            for session in sessions { try session.tap(card, at: now).append(to: log) }
        }
        for session in sessions { try session.advance(to: now.plus(1_000)).append(to: log) }

        XCTAssertEqual(sessions.map(\.screenIDs), [["hub", "plans"], ["hub", "manage"], ["hub", "plans"]])
        let streams = Set(try log.events().map(\.streamID))
        XCTAssertEqual(streams, ["membership-member-2", "actioncards-member-1", "actioncards-member-2", "actioncards-member-3"])
        let replayed = try ActionCardsProjection().replay(log, snapshots: nil, upTo: nil).state
        XCTAssertEqual(replayed.sessions.keys.sorted().map { replayed.sessions[$0]?.screens ?? [] }, sessions.map(\.screenIDs))
        XCTAssertEqual(replayed.taps["membership.hub.v1"], 3, "one tap each landed on the hub (the others were on other screens)")
    }
}
