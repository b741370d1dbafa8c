import ArgumentParser

/// `optimistic`: play driver-trip scenarios through Optimistic Mode, and inspect a client's queue in a log.
public struct OptimisticCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "optimistic",
        abstract: "Play Optimistic Mode scenarios and inspect a client's sync state in an event log.",
        subcommands: [Run.self, Inspect.self]
    )

    public init() {}
}

/// The tool's name, the prefix of its error lines on stderr (`optimistic: message`).
let toolName = "optimistic"
