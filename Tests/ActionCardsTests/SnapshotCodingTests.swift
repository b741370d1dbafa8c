@testable import ActionCards
import EventLog
import EventLogTestSupport
import MembershipContract
@testable import MembershipService
import XCTest

/// The card-session and membership states code without `Codable` exactly as with it.
final class SnapshotCodingTests: XCTestCase {
    func test_actionCardsState_codesLikeCodable() throws {
        var state = ActionCardsProjection.State()
        state.sessions["actioncards-member-1"] = .init(screens: ["home", "plans"], pendingCards: ["join"], data: ["plan": "annual", "é": ""])
        state.sessions["actioncards-member-2"] = .init()
        state.screenViews = ["home": 3, "plans": 1]
        state.impressions = ["join": Int.max, "cancel": 0]
        state.taps = ["join": -1]
        try assertEncodesLikeCodable(state)
        try assertDecodesLikeCodable(state)
        try assertEncodesLikeCodable(ActionCardsProjection.State())
        try assertDecodesLikeCodable(ActionCardsProjection.State())
    }

    func test_membershipState_codesLikeCodable() throws {
        var joined = MembershipProjection.Member()
        joined.status = .active
        joined.plan = "annual"
        joined.offersClaimed = ["first-month"]
        joined.promoCodes = ["SAVE10", ""]
        joined.surveyAnswers = ["price"]
        joined.purchases = 2
        joined.declines = 1
        joined.spentMinorUnits = -499
        joined.autoRenew = false
        joined.trialUsed = true
        let state = MembershipProjection.State(members: ["member-1": joined, "member-2": MembershipProjection.Member()])
        try assertEncodesLikeCodable(state)
        try assertDecodesLikeCodable(state)
    }

    func test_aTruncatedState_failsToDecode() throws {
        var state = ActionCardsProjection.State()
        state.taps = ["join": 7]
        let bytes = try BinaryEncoder().encode(state)
        XCTAssertThrowsError(try BinaryDecoder().decode(ActionCardsProjection.State.self, from: Array(bytes.dropLast())))
    }
}
