import ArgumentParser
import CommandLineSupport
import EventLog
import EventLogSQLite
import Foundation
import PlatformKit

/// `optimistic run --script FILE [--log FILE] [--json]`.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a script of driver actions, dark spots, server delays, rejections and restarts; print the timeline.",
        discussion: "Each line shows what the user saw and what the server had confirmed; the last line sums up operations, average time saved and rollbacks."
    )

    @Option(help: "The scenario script (see fixtures/optimistic).")
    var script: String

    @Option(help: "Write the app's events to this SQLite event log (a new file, or one without this driver).")
    var log: String?

    @Flag(help: "JSON Lines: one object per timeline entry, then {\"summary\": …}.")
    var json = false

    func run() throws {
        try reportingFailure(tool: toolName) {
            let parsed = try Script(parsing: try readTextFile(script), file: script)
            let clock = VirtualClock(start: Script.start)
            let store = try openLog(clock: clock, driverID: parsed.driverID)
            var runner = ScriptRunner(parsed, log: store, clock: clock)
            let summary = try runner.run()
            if let sqlite = store as? SQLiteEventLog { try sqlite.close() }
            if json {
                for entry in runner.entries { print(try jsonLine(entry)) }
                print(try jsonLine(["summary": summary]))
            } else {
                for entry in runner.entries { print(entry.text) }
                print(summary.text)
            }
        }
    }

    private func openLog(clock: VirtualClock, driverID: String) throws -> any EventLogStore {
        guard let log else { return InMemoryEventLog(clock: .virtual(clock)) }
        let store = try SQLiteEventLog(path: log, clock: .virtual(clock), options: SQLiteEventLogOptions(durability: .normal))
        guard try store.claimSoleWriter(ofNew: ["\(OptimisticStreams.prefix)\(driverID)"]) == nil else {
            throw ToolError("\(log) already has events for \(driverID); use a new log file")
        }
        return store
    }
}
