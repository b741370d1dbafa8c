import EventLog
import OnboardingContract
import PlatformKit

/// A back-end event: it knows its stream and how it changes `OnboardingState`.
public protocol OnboardingEvent: Event {
    var streamID: String { get }
    func apply(to state: inout OnboardingState)
}

/// The stream of attempt `id`: `onboarding-<id>`.
public func onboardingAttemptStream(_ attempt: String) -> String { String(concatenating: "onboarding-", attempt) }

/// The stream of account `id`: `onboarding-account-<id>`.
public func onboardingAccountStream(_ account: String) -> String { String(concatenating: "onboarding-account-", account) }

/// An event of an account's stream, written by one attempt: the account it created, a password it reset.
public protocol AccountEvent: OnboardingEvent {
    var account: String { get }
    var attempt: String { get }
}

extension AccountEvent {
    public var streamID: String { onboardingAccountStream(account) }
}

extension OnboardingEvent {
    /// The stream of attempt `id`.
    static func stream(_ attempt: String) -> String { onboardingAttemptStream(attempt) }

    func updating(_ attempt: String, in state: inout OnboardingState, _ body: (inout Attempt) -> Void) {
        guard var value = state.attempts[attempt] else { return }
        body(&value)
        state.attempts[attempt] = value
    }
}

public struct AttemptStarted: OnboardingEvent {
    public static let eventType = "onboarding.attempt.started"
    public var attempt: String
    public var market: String
    public var batching: Bool
    public var entryTypes: [DataType]
    public var startedAt: Instant
    public var expiresAt: Instant
    public var streamID: String { Self.stream(attempt) }

    public func apply(to state: inout OnboardingState) {
        state.attempts[attempt] = Attempt(
            market: market, batching: batching, startedAt: startedAt, expiresAt: expiresAt, scenario: .entry,
            question: .entry(entryTypes), questionCount: 0, fields: [], code: nil, codeTries: 0, passwordTries: 0
        )
    }
}

public struct QuestionSent: OnboardingEvent {
    public static let eventType = "onboarding.question.sent"
    public var attempt: String
    public var question: Question
    public var streamID: String { Self.stream(attempt) }

    public func apply(to state: inout OnboardingState) {
        updating(attempt, in: &state) {
            $0.question = question
            $0.questionCount += 1
        }
    }
}

public struct AnswerAccepted: OnboardingEvent {
    public static let eventType = "onboarding.answer.accepted"
    public var attempt: String
    public var questionID: String
    public var fields: [LoggedValue]
    public var streamID: String { Self.stream(attempt) }

    public func apply(to state: inout OnboardingState) {
        guard let current = state.attempts[attempt] else { return }
        updating(attempt, in: &state) { attempt in
            attempt.fields.removeAll { old in fields.contains { $0.type == old.type } }
            attempt.fields += fields
            if fields.contains(where: { $0.type == .oneTimeCode }) { attempt.code = nil }
        }
        guard questionID == Question.entryID, let entry = fields.first, let digest = entry.digest else { return }
        let key = IdentifierKey(digest)
        state.recentEntries[key, default: []].append(current.startedAt)
        if state.recentEntries[key, default: []].count > 32 { state.recentEntries[key]?.removeFirst() }
        let account = state.accounts.owner(of: key)
        updating(attempt, in: &state) {
            $0.entryType = entry.type
            $0.accountID = account
        }
    }
}

public struct AnswerRejected: OnboardingEvent {
    public static let eventType = "onboarding.answer.rejected"
    public var attempt: String
    public var questionID: String
    public var fields: [LoggedValue]
    public var errors: [LoggedError]
    public var streamID: String { Self.stream(attempt) }

    public func apply(to state: inout OnboardingState) {
        updating(attempt, in: &state) { attempt in
            if errors.contains(where: { $0.code == ErrorCode.codeIncorrect }) { attempt.codeTries += 1 }
            if errors.contains(where: { $0.code == ErrorCode.passwordIncorrect }) { attempt.passwordTries += 1 }
        }
    }
}

/// An answer not applied at all: a stale question, a finished attempt.
public struct AnswerRefused: OnboardingEvent {
    public static let eventType = "onboarding.answer.refused"
    public var attempt: String
    public var questionID: String
    public var code: String
    public var streamID: String { Self.stream(attempt) }

    public func apply(to state: inout OnboardingState) {}
}

public struct AlternateChosen: OnboardingEvent {
    public static let eventType = "onboarding.alternate.chosen"
    public var attempt: String
    public var questionID: String
    public var alternate: String
    public var streamID: String { Self.stream(attempt) }

    public func apply(to state: inout OnboardingState) {}
}

public struct ScenarioChanged: OnboardingEvent {
    public static let eventType = "onboarding.scenario.changed"
    public var attempt: String
    public var from: Scenario
    public var to: Scenario
    /// Why, e.g. `new mobileNumber`, `known email`, `forgotPassword`.
    public var reason: String
    public var streamID: String { Self.stream(attempt) }

    public func apply(to state: inout OnboardingState) {
        updating(attempt, in: &state) { $0.scenario = to }
    }
}

/// A one-time code was sent; only its salted digest is logged.
public struct CodeIssued: OnboardingEvent {
    public static let eventType = "onboarding.code.issued"
    public var attempt: String
    /// `sms`, `email`, `voiceCall`, …
    public var channel: String
    public var digest: String
    public var expiresAt: Instant
    public var streamID: String { Self.stream(attempt) }

    public func apply(to state: inout OnboardingState) {
        updating(attempt, in: &state) {
            $0.code = IssuedCode(digest: digest, expiresAt: expiresAt)
        }
    }
}

public struct AccountCreated: AccountEvent {
    public static let eventType = "onboarding.account.created"
    public var account: String
    public var attempt: String
    public var market: String
    public var identifierKeys: [String]
    public var maskedMobile: String?
    public var maskedEmail: String?
    public var firstName: String?
    public var lastName: String?
    public var passwordDigest: String?

    public func apply(to state: inout OnboardingState) {
        state.accounts.add(Account(
            id: account, market: market, identifierKeys: identifierKeys, maskedMobile: maskedMobile, maskedEmail: maskedEmail,
            firstName: firstName, lastName: lastName, passwordDigest: passwordDigest, sessions: 0
        ))
        updating(attempt, in: &state) { $0.accountID = account }
    }
}

public struct PasswordReset: AccountEvent {
    public static let eventType = "onboarding.password.reset"
    public var account: String
    public var attempt: String
    public var passwordDigest: String

    public func apply(to state: inout OnboardingState) {
        state.accounts.update(account) { $0.passwordDigest = passwordDigest }
    }
}

/// The attempt ended with a session; only the token's digest is logged.
public struct SessionIssued: OnboardingEvent {
    public static let eventType = "onboarding.session.issued"
    public var attempt: String
    public var account: String
    public var scenario: Scenario
    public var tokenDigest: String
    public var streamID: String { Self.stream(attempt) }

    public func apply(to state: inout OnboardingState) {
        state.attempts[attempt] = nil
        state.closedAttempts.insert(attempt)
        state.accounts.addSession(to: account)
    }
}

public struct AttemptFailed: OnboardingEvent {
    public static let eventType = "onboarding.attempt.failed"
    public var attempt: String
    public var code: String
    public var streamID: String { Self.stream(attempt) }

    public func apply(to state: inout OnboardingState) {
        state.attempts[attempt] = nil
        state.closedAttempts.insert(attempt)
    }
}

/// Entry times older than every market's rate window were dropped: they could no longer limit
/// anyone, and without this `recentEntries` would keep a key for every identifier that ever entered.
public struct EntriesExpired: OnboardingEvent {
    public static let eventType = "onboarding.entries.expired"
    /// Entries that started before this instant are gone.
    public var before: Instant
    public var streamID: String { "onboarding-rate-limits" }

    public func apply(to state: inout OnboardingState) {
        state.expireEntries(before: before)
    }
}
