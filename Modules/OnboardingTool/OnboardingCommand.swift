import ArgumentParser
import Foundation

/// `onboarding`: run the server-driven onboarding interactively or from a script, and check flow files.
public struct OnboardingCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "onboarding",
        abstract: "Onboard a user through the question–answer cycle, interactively or from a script; check flow files.",
        subcommands: [Interactive.self, Run.self, Flows.self],
        defaultSubcommand: Interactive.self
    )

    public init() {}

    /// Parses the arguments and runs; a usage error is one line on stderr and exit status 1.
    public static func runMain() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if error is ExitCode || exitCode(for: error) == .success { exit(withError: error) }
            printError(message(for: error))
            exit(withError: ExitCode.failure)
        }
    }
}
