import ArgumentParser

/// The headless `platform` binary. Until the city simulation lands it runs the event-log demo.
struct PlatformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "platform",
        abstract: "MobilePlatform's headless runner.",
        subcommands: [Demo.self]
    )
}

PlatformCommand.main()
