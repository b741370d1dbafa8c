import ArgumentParser
import CommandLineSupport
import EventLogSQLite
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
            let run = try ReplayRun(try Trace.read(trace), drain: drain)
            if let log { try append(run, to: log) }
            let output = ReplayOutput(json: json, all: all)
            for step in run.steps { step.decisions.forEach(output.print) }
            output.totals(run.counters)
        }
    }

    /// Appends the run's decisions to the log at `path` in one transaction, if it holds none of its trips' yet.
    private func append(_ run: ReplayRun, to path: String) throws {
        // Every event carries its own time: the log's clock is never read.
        let store = try SQLiteEventLog(path: path, clock: .constant(.epoch))
        // The service starts empty: the trips' decisions must not be in the log already.
        if let taken = try store.claimSoleWriter(ofNew: run.trips.map(OOADecision.streamID(ofTrip:))) {
            throw ToolError("\(store.path) already has OOA decisions in stream \(taken); use a new log file")
        }
        try store.appendWithoutLandings(run.events())
        try store.close()
    }
}
