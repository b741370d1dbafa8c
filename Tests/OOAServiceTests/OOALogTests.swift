import EventLog
import OOAService
import OutOfAppDSL
import PlatformKit
import XCTest

/// Decisions land in the caller's log; replaying the log answers "why didn't it update?".
final class OOALogTests: XCTestCase {
    func test_everyDecisionIsAnEvent_andTheProjectionReplaysThem() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        var session = OOALogSession(log: log)
        let script = TripScript()
        var decisions: [OOADecision] = []
        decisions += try session.receive(script.change(0, .enRoute, eta: 900))
        decisions += try session.receive(script.change(5, .enRoute, eta: 895))
        decisions += try session.receive(script.change(6, .enRoute, eta: 700))
        decisions += try session.receive(script.change(7, .enRoute, eta: 690))
        decisions += try session.tick(now: at(30))
        let events = try log.events()
        XCTAssertEqual(events.count, decisions.count)
        XCTAssertEqual(events.map(\.streamID), Array(repeating: "ooa-trip-1", count: events.count))
        XCTAssertEqual(events.map(\.type), ["ooa.push.sent", "ooa.change.dropped", "ooa.change.held", "ooa.change.held", "ooa.push.sent"])

        let state = try OOAProjection().replay(log).state
        XCTAssertEqual(state.pushes, 2)
        XCTAssertEqual(state.dropped, 1)
        XCTAssertEqual(state.coalesced, 1)
        XCTAssertEqual(state.activities["trip-1"]?.etaSeconds, 690)
        XCTAssertEqual(state.activities["trip-1"]?.lastDecision.description, "pushed update: eta-changed")

        let first = try XCTUnwrap(OOAProjection.registry.decode(events[0]) as? OOAPushSent)
        XCTAssertEqual(first.rider, "rider-1")
        XCTAssertEqual(first.notificationKey, "ooa-trip-1")
        XCTAssertEqual(first.kind, .start)

        try session.receive(script.change(40, .completed, eta: 0))
        XCTAssertNil(try OOAProjection().replay(log).state.activities["trip-1"])
    }

    func test_sameInputs_giveTheSameEvents() throws {
        func run() throws -> [[UInt8]] {
            let log = InMemoryEventLog(clock: .constant(.epoch))
            var session = OOALogSession(log: log)
            let random = RandomSource.seeded(11)
            for second in 0..<200 {
                let trip = random.int(in: 0..<5)
                let script = TripScript(trip: "trip-\(trip)", rider: "rider-\(trip)")
                try session.receive(script.change(Double(second), second % 50 < 25 ? .enRoute : .onTrip, eta: random.int(in: 0..<900)))
            }
            return try log.events().map(\.payload)
        }
        XCTAssertEqual(try run(), try run())
    }
}
