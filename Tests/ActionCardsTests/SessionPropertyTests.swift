import ActionCards
import EventLog
import Membership
import MembershipContract
import MembershipService
import MembershipSimulation
import PlatformKit
import XCTest

/// Laws over random sessions: whatever the user taps, the log replays to the live state.
final class SessionPropertyTests: XCTestCase {
    /// A random user: taps a random card of the top screen (a random option or row), types, or waits.
    private func randomSession(seed: UInt64, steps: Int) throws -> Harness {
        let random = RandomSource.seeded(seed)
        let statuses = MemberStatus.allCases
        let screens = ["hub", "manage", "expired-offers", "plans", "survey"]
        var harness = try Harness(
            status: statuses[random.int(in: 0..<statuses.count)], app: random.bool(probability: 0.5) ? .eats : .rides,
            screen: screens[random.int(in: 0..<screens.count)],
            conditions: NetworkConditions(latencyMilliseconds: 10...300, lossProbability: 0.1), seed: seed, encodesMessages: false
        )
        for _ in 0..<steps {
            guard let cards = harness.session.screen?.allCards, !cards.isEmpty else { break }
            let card = cards[random.int(in: 0..<cards.count)]
            let delay = Int64(random.int(in: 0..<400))
            switch card.content {
            case .radioOptionGroup(let group): try harness.tap(card.id, option: group.options[random.int(in: 0..<group.options.count)].id, after: delay)
            case .list(let list): try harness.tap(card.id, option: list.items[random.int(in: 0..<list.items.count)].id, after: delay)
            case .textField:
                harness.now = harness.now.plus(delay)
                try harness.steps.append(harness.session.enterText(random.bool(probability: 0.5) ? "EATS10" : "nope", into: card.id, at: harness.now))
                try harness.steps.last?.append(to: harness.log)
            default:
                if random.bool(probability: 0.2) { try harness.wait(delay) } else { try harness.tap(card.id, after: delay) }
            }
        }
        return harness
    }

    func test_replay_rebuildsTheStackPendingCardsDataAndMembership_forRandomSessions() throws {
        var flows = 0
        var services = 0
        for seed in UInt64(1)...40 {
            let harness = try randomSession(seed: seed, steps: 40)
            flows += harness.all(FlowCompleted.self).count
            services += harness.all(FlowCompleted.self).filter { $0.handler == "membership" }.count
            let sessions = try ActionCardsProjection().replay(harness.log, snapshots: nil, upTo: nil).state
            let replayed = sessions.sessions["actioncards-member-1"]
            XCTAssertEqual(replayed?.screens ?? [], harness.session.screenIDs, "seed \(seed)")
            XCTAssertEqual(Set(replayed?.pendingCards ?? []), harness.session.pendingCardIDs, "seed \(seed)")
            XCTAssertEqual(replayed?.data ?? [:], harness.session.data.values, "seed \(seed)")
            XCTAssertEqual(try MembershipProjection().replay(harness.log, snapshots: nil, upTo: nil).state, harness.world.server.state, "seed \(seed)")
            XCTAssertEqual(sessions.unhandled.keys.filter { !ActionType.eatsOnly.union(ActionType.ridesOnly).contains(ActionType(rawValue: $0)) }, [], "seed \(seed)")
        }
        XCTAssertGreaterThan(flows, 300, "the random users did things")
        XCTAssertGreaterThan(services, 60, "and reached the service")
    }

    func test_impressions_areNeverRepeatedWithinAScreenView_forRandomSessions() throws {
        for seed in UInt64(100)...130 {
            let impressions = try randomSession(seed: seed, steps: 40).all(CardImpression.self)
            let keys = impressions.map { "\($0.screenView)/\($0.cardID)" }
            XCTAssertEqual(Set(keys).count, keys.count, "seed \(seed)")
        }
    }

    func test_updateCards_appliesAllOrNothing_forRandomUpdates() throws {
        let random = RandomSource.seeded(9)
        for screen in Fixtures.catalog.screens.values.sorted(by: { $0.screenID < $1.screenID }) {
            let ids = screen.allCards.map(\.id)
            for _ in 0..<50 {
                let updates = (0..<random.int(in: 1..<4)).map { _ in
                    CardUpdate(id: random.bool(probability: 0.8) ? ids[random.int(in: 0..<ids.count)] : "missing", enabled: random.bool(probability: 0.5), text: "changed")
                }
                let result = screen.updating(updates)
                if updates.contains(where: { $0.id == "missing" }) {
                    XCTAssertNil(result)
                } else {
                    let updated = try XCTUnwrap(result)
                    XCTAssertEqual(updated.allCards.map(\.id), ids)
                    let named = Set(updates.map(\.id))
                    for card in screen.allCards where !named.contains(card.id) { XCTAssertEqual(updated.card(card.id), card) }
                    for id in named {
                        guard case .button(let button)? = updated.card(id)?.content else { continue }
                        XCTAssertEqual(button.enabled, updates.last { $0.id == id }?.enabled, "the last update of a card wins")
                        XCTAssertEqual(button.title, "changed")
                    }
                }
            }
        }
    }

    func test_rendering_keepsToTheWidth_atEveryWidth() {
        for screen in Fixtures.catalog.screens.values {
            for width in [20, 33, 47, 60, 91] {
                let lines = CardScreenPresenter(width: width).render(screen).split(separator: "\n")
                XCTAssertTrue(lines.allSatisfy { $0.count <= width }, "\(screen.screenID) at \(width): \(lines.filter { $0.count > width })")
            }
        }
    }
}
