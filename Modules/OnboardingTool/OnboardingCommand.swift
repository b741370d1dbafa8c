import ArgumentParser
import Foundation

/// `onboarding`: run the server-driven onboarding interactively or from a script, and check flow files.
public struct OnboardingCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "onboarding",
        abstract: "Onboard a user through the question–answer cycle, interactively or from a script; check flow files.",
        subcommands: [Interactive.self, Run.self, Inspect.self, Flows.self],
        defaultSubcommand: Interactive.self
    )

    public init() {}
}

/// The tool's name, the prefix of its error lines on stderr (`onboarding: message`).
let toolName = "onboarding"
