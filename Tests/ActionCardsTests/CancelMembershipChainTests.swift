import ActionCards
import MembershipContract
import MembershipService
import MembershipSimulation
import PlatformKit
import XCTest

/// The seed's chain: Manage → End membership → cancel → (success) back → reload Manage.
final class CancelMembershipChainTests: XCTestCase {
    func test_cancelSucceeds_navigatesBack_andReloadsManageShowingCancelledState() throws {
        var harness = try Harness(screen: "manage")
        XCTAssertEqual(harness.value(of: "status"), "Active")
        try harness.tap("end")
        XCTAssertEqual(harness.session.screenIDs, ["manage", "end-membership"])

        let tap = try harness.tap("cancel")
        XCTAssertEqual(harness.session.pendingCardIDs, ["cancel"], "the card that started the flow is pending")
        XCTAssertEqual(tap.of(CardPendingChanged.self).map(\.pending), [true])

        let answer = try harness.wait()
        XCTAssertEqual(answer.of(FlowCompleted.self).first.map { [$0.actionType, $0.handler] }, ["cancelMembership", "membership"])
        XCTAssertEqual(answer.of(FlowCompleted.self).first?.succeeded, true)
        XCTAssertEqual(answer.of(ActionPerformed.self).map { "\($0.actionType)/\($0.role)" }, ["navigateBack/success", "reload/success"])
        XCTAssertEqual(answer.of(ScreenPresented.self).map { "\($0.screenID)/\($0.reason)" }, ["manage/back", "manage/reload"])
        XCTAssertEqual(harness.session.screenIDs, ["manage"])
        XCTAssertEqual(harness.value(of: "status"), "Cancelled — benefits until the period ends")
        XCTAssertNil(harness.session.screen?.card("end"), "the End button is only for members with benefits")
        XCTAssertNotNil(harness.session.screen?.card("renew"))
        XCTAssertEqual(harness.world.member("member-1").status, .cancelled)
        XCTAssertTrue(harness.session.pendingCardIDs.isEmpty)
    }

    func test_cancelRefusedByTheService_runsTheFailureActionInstead() throws {
        var harness = try Harness(status: nil, screen: "end-membership")
        try harness.tap("cancel")
        let answer = try harness.wait()
        XCTAssertEqual(answer.of(FlowCompleted.self).first?.succeeded, false)
        XCTAssertEqual(answer.of(FlowCompleted.self).first?.detail, "no active membership to cancel")
        XCTAssertEqual(answer.of(ActionPerformed.self).map { "\($0.actionType)/\($0.role)" }, ["showAlert/failure"])
        XCTAssertEqual(answer.of(UserNotified.self).map(\.text), ["Couldn't end membership: Please try again later"])
        XCTAssertTrue(answer.of(ScreenPresented.self).isEmpty, "no navigation on failure")
        XCTAssertEqual(harness.session.screenIDs, ["end-membership"])
    }

    func test_cancelDuringAnOutage_failsAtOnce_andKeepsTheMembership() throws {
        let outage = NetworkConditions.Outage(start: start.plus(500), end: start.plus(60_000))
        var harness = try Harness(screen: "manage", conditions: NetworkConditions(latencyMilliseconds: 50...50, outages: [outage]))
        harness.now = start.plus(-1_000)
        try harness.tap("end", after: 1_000)
        let tap = try harness.tap("cancel")
        XCTAssertEqual(tap.of(FlowCompleted.self).first?.detail, "network: unreachable")
        XCTAssertEqual(tap.of(UserNotified.self).map(\.kind), ["alert"])
        XCTAssertTrue(harness.session.pendingCardIDs.isEmpty)
        XCTAssertEqual(harness.world.member("member-1").status, .active)
    }

    func test_pendingCancel_blocksADoubleSubmit() throws {
        var harness = try Harness(screen: "end-membership")
        try harness.tap("cancel")
        let second = try harness.tap("cancel", after: 10)
        XCTAssertEqual(second.of(TapIgnored.self).map(\.reason), ["pending"])
        XCTAssertTrue(second.of(CardTapped.self).isEmpty)
        try harness.wait()
        XCTAssertEqual(harness.all(MembershipCancelled.self).count, 1, "one cancellation reached the service")
        XCTAssertEqual(harness.all(FlowCompleted.self).filter { $0.actionType == "cancelMembership" }.count, 1)
    }
}
