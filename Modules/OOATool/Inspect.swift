import ArgumentParser
import CommandLineSupport
import EventLog
import EventLogSQLite
import Foundation
import OOAService
import PlatformKit

/// `ooa inspect --log FILE --trip ID [--at SEQ] [--json]`: one trip's decisions read back from a
/// log (a simulation's, or `ooa replay --log`'s), then where its live activity stands.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every decision the OOA service made about one trip, read from an event log, then its activity: why didn't its Live Activity update?"
    )

    @OptionGroup var moment: LogMoment

    @Option(help: "The trip id (e.g. trip-1).")
    var trip: String

    @Flag(help: "Print JSON lines instead of text.")
    var json = false

    func run() throws {
        try reportingFailure(tool: toolName) {
            let stream = OOADecision.streamID(ofTrip: trip)
            let (store, sequence, last) = try moment.open(stream: stream, missing: "no OOA decisions for trip '\(trip)'")
            defer { try? store.close() }
            let output = ReplayOutput(json: json, all: true)
            let projection = OOAProjection()
            var state = projection.initialState
            try store.forEach(EventQuery(to: sequence, stream: stream)) { recorded in
                guard let event = try OOAProjection.registry.decode(recorded), let decision = OOADecision(event) else { return }
                output.print(decision)
                projection.apply(event, envelope: recorded, to: &state)
            }
            output.activity(of: trip, state, sequence: sequence, last: last)
        }
    }
}
