import ArgumentParser
import CommandLineSupport
import EventLog
import EventLogSQLite
import Foundation
import OOAService
import PlatformKit

/// `ooa replay TRACE.jsonl`: feeds a trace through the OOA service; prints each push and the totals.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Feed a trace of trip-state changes through the OOA service; print each push with its reason, then totals.")

    @Argument(help: "The trace: one JSON object per line (time, trip, rider, phase, eta, lat, lon).")
    var trace: String

    @Option(help: "Append every decision as an event to this SQLite event log (created if missing).")
    var log: String?

    @Flag(help: "Print JSON lines instead of text.")
    var json = false

    @Flag(help: "Print every decision, not only pushes.")
    var all = false

    @Option(parsing: .unconditional, help: "After the last change, release what falls due within this many seconds.")
    var drain = 600

    /// A year: far more than any push waits.
    static let longestDrainSeconds = Int(Instant.secondsPerYear)

    func validate() throws {
        if !(0...Self.longestDrainSeconds).contains(drain) { throw ValidationError("--drain must be between 0 and \(Self.longestDrainSeconds) seconds (a year)") }
    }

    func run() throws {
        try reportingFailure(tool: toolName) {
            let changes = try Trace.read(trace)
            let clock = VirtualClock()
            let store = try log.map { try SQLiteEventLog(path: $0, clock: .virtual(clock)) }
            // The service starts empty: the trips' decisions must not be in the log already.
            let trips = Set(changes.map(\.tripID)).sorted()
            if let store, let taken = try store.claimSoleWriter(ofNew: trips.map(OOADecision.streamID(ofTrip:))) {
                throw ToolError("\(store.path) already has OOA decisions in stream \(taken); use a new log file")
            }
            var service = OOAService()
            let output = ReplayOutput(json: json, all: all)
            func handle(_ decisions: [OOADecision]) throws {
                guard !decisions.isEmpty else { return }
                try store?.record(decisions.map(\.typedEvent))
                decisions.forEach(output.print)
            }
            for change in changes {
                clock.set(to: max(clock.now, change.time))
                try handle(service.receive(change))
            }
            let end = (changes.last?.time ?? .epoch).advanced(by: .seconds(drain))
            clock.set(to: max(clock.now, end))
            try handle(service.tick(now: end))
            try store?.close()
            output.totals(service.counters)
        }
    }
}
