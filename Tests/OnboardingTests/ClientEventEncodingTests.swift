import EventLog
import EventLogTestSupport
@testable import Onboarding
import OnboardingContract
import XCTest

/// The client's events encode exactly as `Codable` does, without it.
final class ClientEventEncodingTests: XCTestCase {
    func test_clientEvents_encodeLikeCodable() throws {
        for (client, text) in [("client-1", "q-é €"), ("", "")] {
            try assertEncodesLikeCodable(WelcomeChosen(client: client, welcome: text, isPlugin: true))
            try assertEncodesLikeCodable(WelcomeChosen(client: client, welcome: text, isPlugin: false))
            try assertEncodesLikeCodable(EntryActivated(client: client, attempt: text))
            try assertEncodesLikeCodable(EntryDeactivated(client: client, attempt: text, reason: "cancelled"))
            try assertEncodesLikeCodable(InfoStepsBuilt(client: client, attempt: text, questionID: "phone", builders: [text, "default"]))
            try assertEncodesLikeCodable(InfoStepsBuilt(client: client, attempt: text, questionID: "phone", builders: []))
            try assertEncodesLikeCodable(AnswerWithheld(client: client, attempt: text, questionID: "otp"))
            try assertEncodesLikeCodable(RequestFailed(client: client, attempt: text, error: "timeout"))
            try assertEncodesLikeCodable(ConfigureStepsChosen(client: client, attempt: text, steps: ["tos", text]))
            for scenario in Scenario.allCases {
                try assertEncodesLikeCodable(SessionDelivered(client: client, attempt: text, account: "account-9", scenario: scenario))
            }
        }
    }
}
