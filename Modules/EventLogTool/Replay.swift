import ArgumentParser
import CommandLineSupport
import EventLog
import EventLogSQLite
import Foundation
import PlatformKit

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a projection's state (JSON) at any sequence number: the newest valid snapshot plus the events after it.",
        discussion: "Known projections: \(Catalog.projections.map(\.name).joined(separator: ", "))."
    )

    @OptionGroup var options: LogOptions
    @Option(help: "The projection to replay.") var projection: String
    @Option(parsing: .unconditional, help: "Replay up to this sequence number (default: the end of the log).") var at: Int64?
    @Flag(help: "Ignore snapshots: fold every event from the start.") var fromStart = false

    func validate() throws {
        if let at, at < 0 { throw ValidationError("--at must not be negative") }
        _ = try Catalog.projection(named: projection)
    }

    func run() throws {
        try reportingFailure(tool: toolName) {
            let log = try options.open()
            let chosen = try Catalog.projection(named: projection)
            print(try replay(chosen, log))
        }
    }

    /// The state as pretty JSON; the summary and any skipped snapshot go to stderr.
    private func replay<P: Projection>(_ projection: P, _ log: SQLiteEventLog) throws -> String {
        let last = try log.lastSequence()
        if let at, at > last { throw ValidationError("--at \(at) is past the end of the log (\(last))") }
        let result = try projection.replay(log, snapshots: fromStart ? nil : log, upTo: at)
        for warning in result.warnings { printError(tool: toolName, "warning: \(warning)") }
        let start = result.snapshot.map { "snapshot \($0.id) at \($0.sequence)" } ?? "the start"
        printError(tool: toolName, "\(projection.name) v\(projection.version) at sequence \(result.sequence): from \(start), \(result.eventsApplied) events folded")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(result.state), as: UTF8.self)
    }
}
