import ActionCards
import EventLog
import Foundation
import Membership
import MembershipContract
import MembershipSimulation
import PlatformKit
import XCTest

/// The membership display configs under `fixtures/actioncards/membership`, loaded once.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/actioncards/membership").path
    static let catalog: ScreenCatalog = {
        do { return try ScreenCatalog.load(directory: directory) } catch { preconditionFailure("fixtures: \(error)") }
    }()
}

let start = Instant(millisecondsSinceEpoch: 1_790_000_000_000)

extension Instant {
    func plus(_ milliseconds: Int64) -> Instant { advanced(by: .milliseconds(milliseconds)) }
}

/// A session in a membership world with a 100 ms network, so back-end answers take time.
struct Harness {
    let world: MembershipWorld
    let session: ActionCardSession
    let log = InMemoryEventLog(clock: .constant(start))
    var now = start
    var steps: [StepResult] = []

    init(member: String = "member-1", status: MemberStatus? = .active, app: MembershipApp = .eats, screen: String,
         conditions: NetworkConditions = NetworkConditions(latencyMilliseconds: 50...50), seed: UInt64 = 7, encodesMessages: Bool = true) throws {
        world = MembershipWorld(catalog: Fixtures.catalog, conditions: conditions, random: .seeded(seed), encodesMessages: encodesMessages)
        if let status { try world.enroll(member, status: status, plan: "monthly").append(to: log) }
        let opened = try world.openSession(member: member, app: app, start: screen, at: start)
        session = opened.session
        try record(opened.step)
    }

    /// Taps `card` after `after` milliseconds; returns the step.
    @discardableResult
    mutating func tap(_ card: String, option: String? = nil, after: Int64 = 1_000) throws -> StepResult {
        now = now.plus(after)
        let step = try session.tap(card, option: option, at: now)
        try record(step)
        return step
    }

    /// Lets `milliseconds` pass (back-end answers arrive).
    @discardableResult
    mutating func wait(_ milliseconds: Int64 = 1_000) throws -> StepResult {
        now = now.plus(milliseconds)
        let step = try session.advance(to: now)
        try record(step)
        return step
    }

    private mutating func record(_ step: StepResult) throws {
        steps.append(step)
        try step.append(to: log)
    }

    func all<E: Event>(_ type: E.Type) -> [E] { steps.flatMap { $0.of(type) } }

    /// The text of the key–value card `id` on the top screen.
    func value(of id: String) -> String? {
        guard case .keyValue(let row)? = session.screen?.card(id)?.content else { return nil }
        return row.value
    }
}
