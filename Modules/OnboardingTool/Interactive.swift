import ArgumentParser
import CommandLineSupport
import EventLog
import Onboarding
import OnboardingContract
import OnboardingHarness
import PlatformKit

/// `onboarding` with no script: prompts per info step on the terminal, errors shown beside the step.
struct Interactive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interactive",
        abstract: "Onboard interactively: one prompt per info step (the default command)."
    )

    @OptionGroup var options: SessionOptions

    func run() throws {
        try reportingFailure(tool: toolName) {
            let catalog = try options.catalog()
            let (log, end) = try options.openLog()
            let random = options.random
            let backend = OnboardingBackend(flows: catalog, log: log, random: random.fork("backend"), state: try replayedState(log))
            var dependency = AppDependency(market: options.market, clientID: "terminal")
            dependency.batching = !options.noBatching
            print("Onboarding in \(options.market). Type a value and press return; @id chooses an alternate; an empty line keeps the value shown.")
            var terminal = Terminal()
            let outcome = try OnboardingDriver.run(
                dependency, backend: backend, log: log, start: Instant(millisecondsSinceEpoch: 1_790_000_000_000), random: random,
                conditions: try options.conditions(), encodesMessages: true, attemptID: "terminal-\(end + 1)"
            ) { try terminal.ask($0, outbox: backend) }
            switch outcome.result {
            case .success(let session): print("Signed in: account \(session.accountID) (\(session.scenario.rawValue)), \(outcome.roundTrips) round trips.")
            case .failure(let error): throw ToolError("no session: \(error)")
            }
        }
    }
}

/// Prompts on stdin/stdout for one step at a time.
private struct Terminal {
    private var lastCode: String?

    mutating func ask(_ prompt: StepPrompt, outbox: OnboardingBackend) throws -> StepInput {
        if let code = prompt.deliveredCode, code != lastCode {
            lastCode = code
            print("  [message] your code is \(code)")
        }
        print("\n\(prompt.step.title)")
        for error in prompt.step.errors + prompt.generalErrors { print("  ! \(error.message) (\(error.code))") }
        if !prompt.alternates.isEmpty { print("  or: " + prompt.alternates.map { "@\($0.id)" }.joined(separator: ", ")) }
        var values: [DataType: String] = [:]
        for type in prompt.step.dataTypes {
            let current = prompt.values[type].map { type.isSecret ? "••••••" : $0 }
            print("  \(type.rawValue)\(current.map { " [\($0)]" } ?? ""): ", terminator: "")
            guard let line = readLine() else { throw ToolError("cancelled (end of input)") }
            if line.hasPrefix("@"), line.count > 1 { return .alternate(String(line.dropFirst())) }
            values[type] = line.isEmpty ? prompt.values[type] ?? "" : line
        }
        return .values(values)
    }
}
