@testable import CitySimulation
import EventLog
import PlatformKit
import XCTest

/// A member's visit to the card screens is a conversation in virtual time: each tap and each
/// arrived answer is a step of the city, and visits interleave. Until 2026-12-07 a visit was one
/// step, every event of it recorded when it began.
final class CityConversationTests: XCTestCase {
    func test_membershipVisitsTakeVirtualTime_andAnswersComeWhenTheyArrive() throws {
        struct Presented: Decodable { var reason: String }
        struct Pending: Decodable { var pending: Bool }
        let log = try smallRunLog(riders: 300, drivers: 30, hours: 2, seed: 7)
        var opened: [String: RecordedEvent] = [:]
        var waiting: [String: RecordedEvent] = [:]
        var visits = 0, answers = 0
        for event in try log.events() {
            if event.type == "actioncards.card.pending" {
                if try BinaryDecoder().decode(Pending.self, from: event.payload).pending {
                    waiting[event.streamID] = event
                } else {
                    let tap = try XCTUnwrap(waiting.removeValue(forKey: event.streamID), event.streamID)
                    XCTAssertLessThan(tap.recordedAt.duration(to: event.recordedAt), .seconds(1), "\(event.streamID)'s answer is logged when it arrived")
                    answers += 1
                }
            } else if event.type == "actioncards.screen.presented",
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
        XCTAssertGreaterThan(answers, 2)
    }
}
