import EventLog
import OnboardingContract
import OnboardingService
import PlatformKit
import XCTest

/// The rate-limit entries expire once no market's window reaches them, without changing a decision.
final class EntryExpiryTests: XCTestCase {
    private let mobile = "+14155550100"

    func test_expiry_dropsOnlyEntriesNoWindowReaches_andIsLogged() throws {
        let h = Harness()
        XCTAssertNotNil(h.question(h.answer("a1", Question.entryID, [.mobileNumber: mobile])))
        h.clock.advance(by: .seconds(1_800))
        XCTAssertNotNil(h.question(h.answer("b1", Question.entryID, [.mobileNumber: "+14155550199"])))
        XCTAssertFalse(h.service.expireEntries(at: h.clock.now), "both entries are within the window")
        XCTAssertEqual(h.service.state.recentEntries.count, 2)

        h.clock.advance(by: .seconds(1_801))
        XCTAssertTrue(h.service.expireEntries(at: h.clock.now))
        XCTAssertEqual(h.service.state.recentEntries.count, 1, "the first number's only entry is past every window")
        XCTAssertEqual(try h.eventTypes().last, EntriesExpired.eventType)
        XCTAssertFalse(h.service.expireEntries(at: h.clock.now), "nothing left to expire: no event")
        XCTAssertEqual(try h.eventTypes().filter { $0 == EntriesExpired.eventType }.count, 1)
        XCTAssertEqual(try OnboardingProjection().replay(h.log).state, h.service.state, "a replay expires the same entries")
    }

    func test_aKeyWithEntriesOnBothSides_keepsTheRecentOnes() throws {
        let h = Harness()
        XCTAssertNotNil(h.question(h.answer("a1", Question.entryID, [.mobileNumber: mobile])))
        h.clock.advance(by: .seconds(3_000))
        XCTAssertNotNil(h.question(h.answer("a2", Question.entryID, [.mobileNumber: mobile])))
        h.clock.advance(by: .seconds(1_000))
        XCTAssertTrue(h.service.expireEntries(at: h.clock.now))
        XCTAssertEqual(h.service.state.recentEntries.values.map(\.count), [1])
    }

    func test_expiring_changesNoRateLimitDecision() throws {
        let limited = Harness(), expiring = Harness()
        for minute in 0..<150 {
            let attempt = "a\(minute)"
            let replies = [limited, expiring].map { h in h.answer(attempt, Question.entryID, [.mobileNumber: mobile]) }
            XCTAssertEqual("\(replies[0])", "\(replies[1])", "minute \(minute)")
            for h in [limited, expiring] { h.clock.advance(by: .seconds(60)) }
            if minute % 7 == 0 { expiring.service.expireEntries(at: expiring.clock.now) }
        }
        XCTAssertLessThan(expiring.service.state.recentEntries.values.first?.count ?? 0, limited.service.state.recentEntries.values.first?.count ?? 0)
    }

    func test_theEvent_roundTripsThroughTheRegistry() throws {
        let h = Harness()
        XCTAssertNotNil(h.question(h.answer("a1", Question.entryID, [.mobileNumber: mobile])))
        h.clock.advance(by: .seconds(7_200))
        h.service.expireEntries(at: h.clock.now)
        let recorded = try XCTUnwrap(try h.log.events().last)
        let event = try XCTUnwrap(try OnboardingProjection.registry.decode(recorded) as? EntriesExpired)
        XCTAssertEqual(event.before, h.clock.now.advanced(by: .seconds(-3_600)))
        XCTAssertEqual(recorded.streamID, "onboarding-rate-limits")
    }
}
