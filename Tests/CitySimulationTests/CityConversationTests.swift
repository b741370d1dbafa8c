@testable import CitySimulation
import EventLog
import PlatformKit
import XCTest

/// A rider's onboarding and a member's visit to the card screens are conversations in virtual
/// time: each input, tap or arrived answer is a step of the city, and many conversations
/// interleave. Until 2026-12-07 each was one step, every event of it recorded when it began.
final class CityConversationTests: XCTestCase {
    func test_onboardingConversationsTakeVirtualTime_andInterleave() throws {
        let log = try smallRunLog(riders: 300, drivers: 20, hours: 1, seed: 5)
        var arrivals: [String: RecordedEvent] = [:]
        var ends: [String: RecordedEvent] = [:]
        var lastOnboardingEvent: [String: RecordedEvent] = [:]
        for event in try log.events() {
            switch event.type {
            case "city.rider.arrived": arrivals[event.streamID] = event
            case "city.rider.onboarded": ends[event.streamID] = event
            case let type where type.hasPrefix("onboarding.") && event.streamID.hasPrefix("onboarding-rider-"):
                lastOnboardingEvent[String(event.streamID.dropFirst("onboarding-".count))] = event
            default: break
            }
        }
        XCTAssertEqual(ends.count, 300, "every rider's conversation ended")
        for (rider, end) in ends {
            let onboarded = try BinaryDecoder().decode(RiderOnboarded.self, from: end.payload)
            let arrival = try XCTUnwrap(arrivals[rider])
            XCTAssertEqual(end.recordedAt.millisecondsSinceEpoch, onboarded.finishedAt, "\(rider) is counted when its last reply came")
            XCTAssertGreaterThanOrEqual(arrival.recordedAt.duration(to: end.recordedAt), OnboardingStage.thinkTime, rider)
            let last = try XCTUnwrap(lastOnboardingEvent[rider], rider)
            XCTAssertGreaterThanOrEqual(arrival.recordedAt.duration(to: last.recordedAt), OnboardingStage.thinkTime, "\(rider)'s answers come after its arrival")
        }

        // Riders who arrived while another rider's conversation was open.
        let open = ends.compactMap { rider, end -> (String, RecordedEvent)? in
            guard let arrival = arrivals[rider] else { return nil }
            return arrivals.values.contains { $0.sequence > arrival.sequence && $0.sequence < end.sequence } ? (rider, end) : nil
        }
        XCTAssertGreaterThan(open.count, 10)

        // A replay inside a conversation counts its rider as still onboarding.
        let (rider, end) = try XCTUnwrap(open.min { $0.1.sequence < $1.1.sequence })
        let market = try BinaryDecoder().decode(RiderOnboarded.self, from: end.payload).market
        let before = try SimulationRun.replay(log, upTo: end.sequence - 1)
        let funnel = try XCTUnwrap(before.onboarding[market])
        XCTAssertGreaterThan(funnel.arrived - funnel.onboarded - funnel.failed, 0, rider)
        XCTAssertTrue(before.lines.contains { $0.hasPrefix("  onboarding \(market):") && $0.contains("still onboarding") })
        let after = try SimulationRun.replay(log)
        XCTAssertFalse(after.lines.contains { $0.contains("still onboarding") })
    }

    func test_membershipVisitsTakeVirtualTime() throws {
        struct Presented: Decodable { var reason: String }
        let log = try smallRunLog(riders: 300, drivers: 30, hours: 2, seed: 7)
        var opened: [String: RecordedEvent] = [:]
        var visits = 0
        for event in try log.events() {
            if event.type == "actioncards.screen.presented",
               try BinaryDecoder().decode(Presented.self, from: event.payload).reason == "open" {
                opened[String(event.streamID.dropFirst("actioncards-member-".count))] = event
            } else if event.type == "city.membership.visited" {
                let rider = String(event.streamID.dropFirst("rider-".count))
                let open = try XCTUnwrap(opened[rider], event.streamID)
                XCTAssertGreaterThanOrEqual(open.recordedAt.duration(to: event.recordedAt), .seconds(2), "\(event.streamID) read the screen it opened")
                visits += 1
            }
        }
        XCTAssertGreaterThan(visits, 10)
    }
}
