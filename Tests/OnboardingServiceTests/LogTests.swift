import EventLog
import OnboardingContract
import OnboardingService
import PlatformKit
import XCTest

final class LogTests: XCTestCase {
    /// Drives a register, a failed sign-in and a recovery, returning the harness and every secret used.
    func drive() throws -> (Harness, [String]) {
        let h = Harness()
        let mobile = "+447700900123"
        let email = "grace.hopper@example.org"
        let q1 = try XCTUnwrap(h.question(h.answer("a1", Question.entryID, [.mobileNumber: mobile], market: "de")))
        guard case .session(let first) = h.answer("a1", q1.id, [
            .oneTimeCode: h.lastCode, .firstName: "Grace", .lastName: "Hopper", .email: email,
            .password: "cobol1959rocks", .termsAccepted: "yes", .privacyConsent: "yes",
        ], market: "de") else { throw XCTSkip("register failed") }
        let q2 = try XCTUnwrap(h.question(h.answer("a2", Question.entryID, [.email: email], market: "de")))
        XCTAssertEqual(q2.scenario, .signIn, "the email given at register signs in too")
        h.answer("a2", q2.id, [.password: "wrongpass123"], market: "de")
        let q3 = try XCTUnwrap(h.question(h.answer("a2", q2.id, alternate: "forgotPassword", market: "de")))
        guard case .session(let second) = h.answer("a2", q3.id, [.oneTimeCode: h.lastCode, .password: "newer2024pass"], market: "de") else {
            throw XCTSkip("recovery failed")
        }
        let secrets = [mobile, email, "cobol1959rocks", "wrongpass123", "newer2024pass", first.token, second.token, "7700900123"] + h.codes.map(\.code)
        return (h, secrets)
    }

    func test_noSecret_andNoFullContact_appearsInTheLogBytes() throws {
        let (h, secrets) = try drive()
        let bytes = try h.log.events().flatMap { $0.payload + Array($0.streamID.utf8) }
        for secret in secrets {
            XCTAssertNil(find(Array(secret.utf8), in: bytes), "\(secret) is in the log")
        }
        let created = try XCTUnwrap(h.service.state.accounts["account-1"])
        XCTAssertEqual(created.maskedMobile, "+4•••••••••23")
        XCTAssertEqual(created.maskedEmail, "g•••@example.org")
    }

    func test_replay_rebuildsAccountsAndAttempts() throws {
        let (h, _) = try drive()
        let replayed = try OnboardingProjection().replay(h.log).state
        XCTAssertEqual(replayed, h.service.state)
        XCTAssertEqual(replayed.accounts.count, 1)
        XCTAssertEqual(replayed.accounts["account-1"]?.sessions, 2)
    }

    func test_snapshots_ofTheState_roundTrip() throws {
        let (h, _) = try drive()
        let projection = OnboardingProjection()
        try h.log.saveSnapshot(projection: projection.name, version: projection.version, sequence: try h.log.lastSequence(), state: try projection.encodeState(h.service.state))
        let replayed = try projection.replay(h.log, snapshots: h.log)
        XCTAssertNotNil(replayed.snapshot)
        XCTAssertEqual(replayed.state, h.service.state)
    }

    func test_everyLoggedEvent_decodesWithTheRegistry() throws {
        let (h, _) = try drive()
        for event in try h.log.events() {
            XCTAssertNotNil(try OnboardingProjection.registry.decode(event), event.type)
            XCTAssertTrue(event.type.hasPrefix("onboarding."))
            XCTAssertTrue(event.streamID.hasPrefix("onboarding-"))
        }
    }

    func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] && Array(haystack[start..<start + needle.count]) == needle {
            return start
        }
        return nil
    }
}
