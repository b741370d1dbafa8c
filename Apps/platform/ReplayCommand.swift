import ArgumentParser
import CitySimulation
import CommandLineSupport
import EventLog
import EventLogSQLite
import Foundation
import PlatformKit

/// `platform replay`: every module's state rebuilt from a simulation log, and the run's summary.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Rebuild every module's state from a simulation log (from the newest snapshots) and print the run's summary."
    )

    @Option(help: "The simulation log.") var log: String
    @Option(parsing: .unconditional, help: "Replay up to this sequence number, or to this time (ISO 8601, e.g. 2026-11-21T10:00:00Z or 2026-11-21T11:00:00+01:00).") var at: String?
    @Flag(help: "Check the log (as `eventlog verify` does) and replay every module from the start, comparing each snapshot on the way; the summary is the replay's (at `--at`, from the snapshots just checked).") var verify = false

    func run() throws {
        try reportingFailure(tool: "platform") {
            let point = try at.map(ReplayPoint.init)
            guard FileManager.default.fileExists(atPath: log) else { throw SimulationError("\(log): \(missingFileReason(log))") }
            let store = try SQLiteEventLog(path: log, clock: .constant(.epoch), options: .reading)
            guard try SimulationRun.storedOptions(in: store) != nil else {
                throw SimulationError("\(log): holds \(try store.lastSequence()) events but no simulation run; `platform replay` reads a log `platform simulate` wrote")
            }
            let upTo = try point.map { try $0.sequence(in: store) }
            // The end as it is now, for every projection alike: a log another process still
            // appends to would otherwise give each projection the end it found.
            let head = try store.head()
            let end = upTo ?? head.sequence
            // A replay is short: its freed pages are kept for what it decodes next. A verification
            // runs for minutes over every projection: its freed pages go back, or they pile up.
            if !verify { Allocator.keepFreedPages() }
            let started = ContinuousClock.now
            let summary: SimulationSummary
            // How many projections the replay started from the start of the log, for want of a snapshot.
            var fromStart = 0
            if verify {
                let report = try verified(store)
                if let problem = report.problem { throw SimulationError("\(log): \(problem)") }
                print("verified: \(report.eventsChecked) events, \(report.snapshotsChecked) snapshots match a replay from the start")
                // The verification replayed every projection to the end of the log; an earlier
                // point is replayed from the snapshots it has just checked.
                summary = try upTo.map { try replay(store, upTo: $0) } ?? SimulationRun.summary(store, replayed: report.states)
            } else {
                summary = try replay(store, upTo: end) { _, snapshot in if snapshot == nil { fromStart += 1 } }
            }
            let elapsed = (ContinuousClock.now - started).seconds
            summary.lines.forEach { print($0) }
            let how = verify ? "from the start, every snapshot checked" : Self.startingPoints(to: end, fromStart: fromStart)
            print(String(format: "replay: %.2f s ", elapsed) + how)
            print("log head hash: \(head.hash ?? "-")")
        }
    }

    /// `store` verified with every projection of a simulation, with a progress bar.
    private func verified(_ store: SQLiteEventLog) throws -> VerificationReport {
        var bar = ProgressBar("verifying")
        defer { bar.finish() }
        return try store.verify(projections: SimulationRun.projections) { bar.update($0, of: $1) }
    }

    /// The summary at `upTo` (default: the end), from the newest snapshots; `started` is told of
    /// the snapshot each projection started from (nil: the start of the log).
    private func replay(
        _ store: SQLiteEventLog, upTo: Int64?, started: (any Projection, SnapshotInfo?) -> Void = { _, _ in }
    ) throws -> SimulationSummary {
        try SimulationRun.replay(store, upTo: upTo, warning: { printError(tool: "platform", "warning: \($0)") }, started: started)
    }

    /// Where a replay to `end` started, `fromStart` of the projections from the start of the log
    /// (none had a snapshot it could use at or before `end`), the others from their newest snapshots.
    private static func startingPoints(to end: Int64, fromStart: Int) -> String {
        let projections = SimulationRun.projections.count
        let reason = "no usable snapshot at or before it"
        switch fromStart {
        case 0: return "from the newest snapshots to sequence \(end)"
        case projections: return "from the start to sequence \(end) (\(reason))"
        default: return "from the newest snapshots to sequence \(end) (\(fromStart) of \(projections) projections from the start: \(reason))"
        }
    }
}

/// What `--at` names: a sequence number, or a time (the last event recorded at or before it).
/// Parsed before the log is opened, so a malformed value is named whether or not the log exists.
private enum ReplayPoint {
    case sequence(Int64)
    case time(Instant)

    init(_ value: String) throws {
        if let number = Int64(value) {
            guard number >= 0 else { throw SimulationError("--at \(value): must not be negative") }
            self = .sequence(number)
        } else if let instant = Instant(iso8601: value) {
            self = .time(instant)
        } else {
            throw SimulationError("--at \(value): neither a sequence number nor an ISO 8601 time")
        }
    }

    /// The sequence number this point names in `store`.
    func sequence(in store: SQLiteEventLog) throws -> Int64 {
        switch self {
        case .sequence(let number):
            let last = try store.lastSequence()
            guard number <= last else { throw SimulationError("--at \(number) is past the end of the log (\(last))") }
            return number
        case .time(let instant):
            var last: Int64 = 0
            try store.forEach(.all) { event in
                if event.recordedAt <= instant { last = event.sequence }
            }
            return last
        }
    }
}
