import ArgumentParser

/// `eventlog`: inspect, verify, export and import the shared event log.
public struct EventLogCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "eventlog",
        abstract: "Inspect, verify, export and import a MobilePlatform event log.",
        subcommands: [Info.self, Cat.self, Tail.self, Verify.self, Replay.self, Snapshots.self, Stats.self, Export.self, Import.self]
    )

    public init() {}
}

/// The tool's name, the prefix of its error lines on stderr (`eventlog: message`).
let toolName = "eventlog"
