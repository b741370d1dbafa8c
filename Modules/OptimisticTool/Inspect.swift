import ArgumentParser
import CommandLineSupport
import DriverTrips
import EventLog
import EventLogSQLite
import Foundation
import OptimisticSync
import PlatformKit

/// `optimistic inspect --log FILE --client ID [--at SEQ] [--json]`.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show one client's queue and optimistic state, as of the end of the log or of sequence --at."
    )

    @Option(help: "The SQLite event log.")
    var log: String

    @Option(help: "The client id (a driver id, e.g. driver-7).")
    var client: String

    @Option(parsing: .unconditional, help: "Replay up to this global sequence number (default: the end of the log).")
    var at: Int64?

    @Flag(help: "Print the client's state as JSON.")
    var json = false

    func validate() throws {
        if let at, at < 0 { throw ValidationError("--at must be a sequence number ≥ 0, got \(at)") }
    }

    func run() throws {
        try reportingFailure(tool: toolName) {
            guard FileManager.default.fileExists(atPath: log) else { throw ToolError("\(log): \(missingFileReason(log))") }
            let store = try SQLiteEventLog(path: log, clock: .constant(.epoch), options: SQLiteEventLogOptions(createIfMissing: false))
            defer { try? store.close() }
            let stream = "\(OptimisticStreams.prefix)\(client)"
            guard try store.streamVersion(of: stream) > 0 else {
                throw ToolError("\(log): no optimistic events for client '\(client)' (stream \(stream))")
            }
            let last = try store.lastSequence()
            if let at, at > last { throw ToolError("--at \(at) is past the end of the log (\(last))") }
            let sequence = at ?? last
            let state = try OptimisticClientState<TripSync>.replay(clientID: client, from: store, upTo: sequence)
            print(json ? try jsonLine(state) : Self.describe(state, client: client, sequence: sequence, last: last))
        }
    }

    static func describe(_ state: OptimisticClientState<TripSync>, client: String, sequence: Int64, last: Int64) -> String {
        var lines = [
            "client \(client) as of sequence \(sequence) of \(last)",
            "sees:      \(Describe.state(state.optimistic))",
            "confirmed: v\(state.confirmed.version) \(Describe.state(state.confirmed.state))",
            "queue:     \(state.pending.count) pending",
        ]
        for entry in state.pending {
            let request = entry.request
            let parameters = request.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
            var line = "  \(request.id) \(request.kind) \(parameters) submitted \(request.submittedAt), attempts \(entry.attempts)"
            if entry.inFlight { line += ", in flight" }
            if let retryAt = entry.retryAt { line += ", retry at \(retryAt)" }
            if !request.dependsOn.isEmpty { line += ", after \(request.dependsOn.joined(separator: " "))" }
            lines.append(line)
        }
        let stats = state.stats
        lines.append("stats:     \(stats.submitted) submitted, \(stats.confirmed) confirmed, \(stats.rolledBack) rolled back, \(stats.alerts) alerts, \(stats.rebases) rebases, average time saved \(Describe.seconds(stats.averageTimeSaved.wholeMilliseconds))")
        if let alert = state.lastAlert {
            lines.append("last alert: \"\(alert.message)\" (\(alert.request.id) \(alert.request.kind), \(alert.cause.rawValue)) at \(alert.at)")
        }
        return lines.joined(separator: "\n")
    }
}

/// Where the driver app's sync streams live in a log.
enum OptimisticStreams {
    static let prefix = OptimisticClient<TripSync>.streamID("")
}
