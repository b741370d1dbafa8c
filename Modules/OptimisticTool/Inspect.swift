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

    @OptionGroup var moment: LogMoment

    @Option(help: "The client id (a driver id, e.g. driver-7).")
    var client: String

    @Flag(help: "Print the client's state as JSON.")
    var json = false

    func run() throws {
        try reportingFailure(tool: toolName) {
            let (store, sequence, last) = try moment.open(
                stream: "\(OptimisticStreams.prefix)\(client)", missing: "no optimistic events for client '\(client)'"
            )
            defer { try? store.close() }
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
