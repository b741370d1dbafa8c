import ArgumentParser
import CommandLineSupport
import EventLogSQLite
import Foundation
import OnboardingContract
import OnboardingService

/// `onboarding inspect --log FILE --attempt ID [--at SEQ] [--json]`: one attempt's back-end
/// events read from a log (a simulation's, or `onboarding run --log`'s), with those it wrote on
/// its account's stream, as a transcript, then how it ended.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print one onboarding attempt's transcript read from an event log (secrets masked), then how it ended."
    )

    @OptionGroup var moment: LogMoment

    @Option(help: "The attempt id (in a simulation's log, the rider's id: rider-7).")
    var attempt: String

    @Flag(help: "JSON Lines instead of text.")
    var json = false

    func run() throws {
        try reportingFailure(tool: toolName) {
            let stream = onboardingAttemptStream(attempt)
            let (store, sequence, last) = try moment.open(stream: stream, missing: "no onboarding attempt '\(attempt)'")
            defer { try? store.close() }
            // Before the attempt's first event (`--at` early), it has not started yet.
            var outcome = "not started yet"
            let lines = try Transcript(json: json).lines(try attemptEvents(store, attempt: attempt, to: sequence)) { event in
                if outcome == "not started yet" { outcome = "in progress" }
                switch event {
                case let issued as SessionIssued: outcome = "signed in as \(issued.account) (\(issued.scenario.rawValue))"
                case let failed as AttemptFailed: outcome = "failed: \(failed.code)"
                default: break
                }
            }
            lines.forEach { print($0) }
            guard !json else { return }
            print("attempt \(attempt) as of sequence \(sequence) of \(last): \(outcome)")
        }
    }
}
