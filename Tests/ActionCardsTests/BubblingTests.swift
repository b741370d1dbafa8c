import ActionCards
import MembershipSimulation
import Membership
import XCTest

/// App-only actions bubble past the shared providers to the app's provider, or are reported.
final class BubblingTests: XCTestCase {
    func test_eatsOnlyAction_isHandledByTheEatsProvider_inEats() throws {
        var harness = try Harness(app: .eats, screen: "hub")
        let step = try harness.tap("eats-store")
        XCTAssertEqual(step.of(FlowCompleted.self).map(\.handler), ["eats"])
        XCTAssertEqual(step.of(UserNotified.self).map(\.text), ["opened store pass-favourites"])
        XCTAssertTrue(step.of(ActionUnhandled.self).isEmpty)
    }

    func test_eatsOnlyAction_isReportedUnhandled_inRides_withItsScreenAndCard() throws {
        var harness = try Harness(app: .rides, screen: "hub")
        let step = try harness.tap("eats-store")
        XCTAssertEqual(step.of(ActionUnhandled.self).map { [$0.screenID, $0.cardID, $0.actionType, $0.app] }, [["hub", "eats-store", "openEatsStore", "rides"]])
        XCTAssertTrue(step.of(FlowCompleted.self).isEmpty)
        let ride = try harness.tap("pass-ride")
        XCTAssertEqual(ride.of(FlowCompleted.self).map(\.handler), ["rides"])
    }

    func test_sharedActions_areHandledByTheFirstProvider_thatKnowsThem() throws {
        var harness = try Harness(app: .rides, screen: "manage")
        XCTAssertEqual(try harness.tap("help").of(FlowCompleted.self).map(\.handler), ["core"])
        XCTAssertEqual(harness.session.screen?.title, "Help")
        guard case .header(let header)? = harness.session.screen?.card("title")?.content else { return XCTFail("no header") }
        XCTAssertEqual(header.title, "Help: manage", "screen parameters fill the display config")
    }
}
