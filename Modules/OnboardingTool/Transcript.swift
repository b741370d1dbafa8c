import EventLog
import Foundation
import Onboarding
import OnboardingContract
import OnboardingHarness
import OnboardingService

/// Renders onboarding events as a transcript: one line per event, as text or JSON Lines.
/// Values come from the log, so secrets are already hidden and contact data masked.
struct Transcript {
    let json: Bool

    func lines(_ log: any EventLogReader, after sequence: Int64) throws -> [String] {
        var events: [RecordedEvent] = []
        try log.forEach(EventQuery(from: sequence + 1)) { events.append($0) }
        return try lines(events)
    }

    /// The lines of the onboarding events among `events`; `each` sees every one as it goes.
    func lines(_ events: [RecordedEvent], each: (any Event) -> Void = { _ in }) throws -> [String] {
        try events.compactMap { recorded in
            guard let event = try OnboardingEvents.registry.decode(recorded) else { return nil }
            each(event)
            return json ? try jsonLine(recorded, event) : text(event)
        }
    }

    private func jsonLine(_ recorded: RecordedEvent, _ event: any Event) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = String(decoding: try encoder.encode(event), as: UTF8.self)
        return #"{"data":\#(data),"sequence":\#(recorded.sequence),"stream":"\#(recorded.streamID)","type":"\#(recorded.type)"}"#
    }

    private func values(_ fields: [LoggedValue]) -> String {
        fields.map { "\($0.type.rawValue)=\($0.display)" }.joined(separator: " ")
    }

    private func steps(_ question: Question) -> String {
        question.steps.map { $0.dataTypes.map(\.rawValue).joined(separator: "+") }.joined(separator: " | ")
    }

    func text(_ event: any Event) -> String {
        switch event {
        case let e as AttemptStarted: "attempt \(e.attempt) started in \(e.market)\(e.batching ? " (batching)" : "")"
        case let e as QuestionSent:
            "question \(e.question.id) [\(e.question.scenario.rawValue)]: \(steps(e.question))"
                + (e.question.alternates.isEmpty ? "" : " (alternates: \(e.question.alternates.map(\.id).joined(separator: ", ")))")
        case let e as AnswerAccepted: "answer \(e.questionID): \(values(e.fields))"
        case let e as AnswerRejected:
            "answer \(e.questionID): \(values(e.fields))\n  errors: " + e.errors.map(\.code).joined(separator: ", ")
        case let e as AnswerRefused: "answer \(e.questionID) refused: \(e.code)"
        case let e as AlternateChosen: "answer \(e.questionID): alternate \(e.alternate)"
        case let e as ScenarioChanged: "scenario \(e.from.rawValue) → \(e.to.rawValue) (\(e.reason))"
        case let e as CodeIssued: "code sent by \(e.channel)"
        case let e as AccountCreated: "account \(e.account) created (\([e.maskedMobile, e.maskedEmail].compactMap { $0 }.joined(separator: ", ")))"
        case let e as PasswordReset: "password of \(e.account) reset"
        case let e as SessionIssued: "session for \(e.account) (\(e.scenario.rawValue))"
        case let e as AttemptFailed: "attempt failed: \(e.code)"
        case let e as WelcomeChosen: "welcome \(e.welcome)\(e.isPlugin ? " (plugin)" : " (default)")"
        case let e as EntryActivated: "entry active: attempt \(e.attempt)"
        case let e as EntryDeactivated: "entry inactive: \(e.reason)"
        case let e as InfoStepsBuilt: "steps for \(e.questionID): \(e.builders.joined(separator: ", "))"
        case let e as AnswerWithheld: "no answer to \(e.questionID): nothing changed"
        case let e as RequestFailed: "request failed: \(e.error)"
        case let e as ConfigureStepsChosen: "configure steps: \(e.steps.isEmpty ? "none" : e.steps.joined(separator: ", "))"
        case let e as SessionDelivered: "session delivered to the app: \(e.account)"
        default: "\(type(of: event).eventType)"
        }
    }
}
