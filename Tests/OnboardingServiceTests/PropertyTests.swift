import EventLog
import OnboardingContract
@testable import OnboardingService
import PlatformKit
import XCTest

final class PropertyTests: XCTestCase {
    /// Law: an answer with any subset of bad fields gets exactly one error per bad field, in question order.
    func test_everyBadField_getsExactlyOneError_namingItsType() throws {
        let random = RandomSource.seeded(99)
        let good: [DataType: String] = [.firstName: "Ada", .lastName: "Lovelace", .email: "ada@example.com", .password: "analytical1engine", .termsAccepted: "yes"]
        let bad: [DataType: String] = [.oneTimeCode: "12", .firstName: "R2D2", .lastName: "", .email: "nope", .password: "short", .termsAccepted: "no"]
        for round in 0..<60 {
            let h = Harness(seed: UInt64(round))
            let question = try XCTUnwrap(h.question(h.answer("a", Question.entryID, [.mobileNumber: "+1415555\(1000 + round)"])))
            var values = good
            values[.oneTimeCode] = h.lastCode
            var broken: [DataType] = []
            for type in question.dataTypes where random.bool(probability: 0.5) {
                values[type] = bad[type]
                broken.append(type)
            }
            let reply = h.answer("a", question.id, values)
            if broken.isEmpty {
                guard case .session = reply else { return XCTFail("round \(round): \(reply)") }
            } else {
                guard case .errors(_, let errors) = reply else { return XCTFail("round \(round): \(reply)") }
                XCTAssertEqual(errors.map(\.dataType), broken.map { $0 }, "round \(round)")
                XCTAssertTrue(errors.allSatisfy { error in error.code.hasPrefix(error.dataType?.rawValue ?? "-") }, "round \(round)")
            }
        }
    }

    /// Law: replaying the log gives the service's live state, whatever the mix of attempts.
    func test_replay_equalsLiveState_forRandomMixesOfAttempts() throws {
        let random = RandomSource.seeded(5)
        let h = Harness(seed: 5)
        for index in 0..<80 {
            let mobile = "+1415555\(1000 + random.int(in: 0..<12))"
            let market = ["us", "in", "de"][random.int(in: 0..<3)]
            var reply = h.answer("a\(index)", Question.entryID, [.mobileNumber: mobile], market: market)
            for _ in 0..<4 {
                guard case .question(let question) = reply else { break }
                var values: [DataType: String] = [:]
                for type in question.dataTypes {
                    values[type] = switch type {
                    case .oneTimeCode: random.bool(probability: 0.8) ? h.lastCode : "000000"
                    case .password: "analytical1engine"
                    case .email: "u\(mobile.suffix(4))@example.com"
                    case .firstName, .lastName: "Ada"
                    default: "yes"
                    }
                }
                reply = h.answer("a\(index)", question.id, values, market: market)
            }
            h.clock.advance(by: .seconds(Int64(random.int(in: 0..<400))))
        }
        XCTAssertGreaterThan(h.service.state.accounts.count, 3)
        XCTAssertEqual(try OnboardingProjection().replay(h.log).state, h.service.state)
    }
}
