import ArgumentParser

/// `earnings`: the Real-time Earnings Tracker from a card file or an event log.
public struct EarningsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "earnings",
        abstract: "Real-time Earnings Tracker: show the tracker modes for cards, replay a driver from a log.",
        subcommands: [Tracker.self, Replay.self, Simulate.self]
    )

    public init() {}

    /// Runs the command line: help and version as usual; any bad argument is one line on stderr, exit 1.
    public static func runMain(_ arguments: [String]? = nil) {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            guard exitCode(for: error) != .success, !(error is ExitCode) else { exit(withError: error) }
            printError(message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)")
            exit(withError: ExitCode.failure)
        }
    }
}
