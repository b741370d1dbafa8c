import ArgumentParser

/// `earnings`: the Real-time Earnings Tracker from a card file or an event log.
public struct EarningsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "earnings",
        abstract: "Real-time Earnings Tracker: show the tracker modes for cards, replay a driver from a log.",
        subcommands: [Tracker.self, Replay.self, Simulate.self]
    )

    public init() {}
}

/// The tool's name, the prefix of its error lines on stderr (`earnings: message`).
let toolName = "earnings"
