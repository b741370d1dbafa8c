import ArgumentParser
import CommandLineSupport
import EventLog
import Foundation
import Onboarding
import OnboardingHarness
import PlatformKit

/// `onboarding run`: a scripted onboarding, printed as a transcript.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run an onboarding from a script and print the transcript (secrets masked).")

    @OptionGroup var options: SessionOptions
    @Option(help: "The script: `dataType: value` lines ({code} = the code sent, @id = an alternate question).") var script: String
    @Flag(help: "JSON Lines instead of text.") var json = false

    func run() throws {
        try reportingFailure(tool: toolName) {
            let catalog = try options.catalog()
            let text = try readTextFile(script)
            var user = ScriptedUser(try Script.parse(text, file: script))
            let (log, before) = try options.openLog()
            let random = options.random
            let backend = OnboardingBackend(flows: catalog, log: log, random: random.fork("backend"), state: try replayedState(log))
            var dependency = AppDependency(market: options.market, clientID: "cli")
            dependency.batching = !options.noBatching
            let start = Instant(millisecondsSinceEpoch: 1_790_000_000_000)
            let outcome: OnboardingOutcome
            do {
                outcome = try OnboardingDriver.run(dependency, backend: backend, log: log, start: start, random: random, conditions: try options.conditions(), encodesMessages: true,
                                                   attemptID: "cli-\(before + 1)") { try user.respond($0) }
            } catch let exhausted as ScriptedUser.Exhausted {
                try Transcript(json: json).lines(log, after: before).forEach { print($0) }
                throw ToolError("\(script): \(exhausted)")
            }
            try Transcript(json: json).lines(log, after: before).forEach { print($0) }
            if !json { print("round trips: \(outcome.roundTrips)") }
            if case .failure(let error) = outcome.result { throw ToolError("no session: \(error)") }
        }
    }
}
