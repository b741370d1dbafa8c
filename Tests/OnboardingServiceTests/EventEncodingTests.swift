import EventLog
import EventLogTestSupport
import OnboardingContract
@testable import OnboardingService
import PlatformKit
import XCTest

/// The service's `Codable`-free event encoders write exactly their `Codable` bytes.
final class EventEncodingTests: XCTestCase {
    private var random = SeededGenerator(seed: 63)

    private func text() -> String {
        String((0..<Int.random(in: 0...30, using: &random)).map { _ in "ab9é€ +@".randomElement(using: &random)! })
    }

    /// Mostly the 32 lowercase hex digits `SecretHasher` makes; else text close to or far from them.
    private func identifierKey() -> String {
        let digits = String((0..<32).map { _ in "0123456789abcdef".randomElement(using: &random)! })
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return digits.uppercased()
        case 1: return String(digits.dropLast())
        case 2: return text()
        default: return digits
        }
    }

    private func maybe<T>(_ make: () -> T) -> T? {
        Bool.random(using: &random) ? make() : nil
    }

    private func instant() -> Instant {
        Instant(millisecondsSinceEpoch: Int64.random(in: 0...4_000_000_000_000, using: &random))
    }

    private func type() -> DataType { DataType.allCases.randomElement(using: &random)! }
    private func scenario() -> Scenario { Scenario.allCases.randomElement(using: &random)! }

    private func values() -> [LoggedValue] {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in LoggedValue(type(), display: text(), digest: maybe { text() }) }
    }

    private func question() -> Question {
        Question(
            id: text(), scenario: scenario(),
            steps: (0..<Int.random(in: 0...3, using: &random)).map { _ in StepInstruction((0..<Int.random(in: 0...3, using: &random)).map { _ in type() }) },
            alternates: (0..<Int.random(in: 0...2, using: &random)).map { _ in AlternateQuestion(id: text(), scenario: maybe { scenario() }) }
        )
    }

    func test_fastEncode_equalsCodable_forRandomEvents() throws {
        for _ in 0..<300 {
            try assertEncodesLikeCodable(AttemptStarted(
                attempt: text(), market: text(), batching: Bool.random(using: &random),
                entryTypes: (0..<Int.random(in: 0...3, using: &random)).map { _ in type() }, startedAt: instant(), expiresAt: instant()
            ))
            try assertEncodesLikeCodable(AnswerAccepted(attempt: text(), questionID: text(), fields: values()))
            try assertEncodesLikeCodable(ScenarioChanged(attempt: text(), from: scenario(), to: scenario(), reason: text()))
            try assertEncodesLikeCodable(CodeIssued(attempt: text(), channel: text(), digest: text(), expiresAt: instant()))
            try assertEncodesLikeCodable(AccountCreated(
                account: text(), attempt: text(), market: text(), identifierKeys: (0..<Int.random(in: 0...2, using: &random)).map { _ in text() },
                maskedMobile: maybe { text() }, maskedEmail: maybe { text() }, firstName: maybe { text() }, lastName: maybe { text() },
                passwordDigest: maybe { text() }
            ))
            try assertEncodesLikeCodable(SessionIssued(attempt: text(), account: text(), scenario: scenario(), tokenDigest: text()))
            try assertEncodesLikeCodable(AttemptFailed(attempt: text(), code: text()))
            try assertEncodesLikeCodable(QuestionSent(attempt: text(), question: question()))
        }
    }

    /// The service's snapshot state encodes and decodes without `Codable` as through `Codable`
    /// (open attempts come from real runs: see the city simulation's snapshot test).
    func test_fastCoding_equalsCodable_forRandomStates() throws {
        for _ in 0..<300 {
            var state = OnboardingState()
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let account = Account(
                    id: text(), market: text(), identifierKeys: (0..<Int.random(in: 0...2, using: &random)).map { _ in text() },
                    maskedMobile: maybe { text() }, maskedEmail: maybe { text() }, firstName: maybe { text() }, lastName: maybe { text() },
                    passwordDigest: maybe { text() }, sessions: Int.random(in: 0...1_000, using: &random)
                )
                state.accounts.add(account)
                state.recentEntries[IdentifierKey(identifierKey())] = (0..<Int.random(in: 0...3, using: &random)).map { _ in instant() }
                state.closedAttempts.insert(text())
            }
            try assertEncodesLikeCodable(state)
            try assertDecodesLikeCodable(state)
        }
    }
}
