import ArgumentParser
import CommandLineSupport

/// The headless `platform` binary: the city simulation, its replay, and the event-log demo.
struct PlatformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "platform",
        abstract: "MobilePlatform's headless runner.",
        subcommands: [Simulate.self, ReplayCommand.self, Demo.self]
    )
}

PlatformCommand.runMain()
