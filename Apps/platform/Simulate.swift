import ArgumentParser
import CitySimulation
import CommandLineSupport
import EventLog
import EventLogSQLite
import Foundation
import PlatformKit

/// `platform simulate`: the deterministic city simulation into one SQLite log.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the deterministic city simulation in virtual time, appending every module's events to one log."
    )

    // The run's options have no default here, so that `--resume` can tell those given from those
    // left out; `requestedOptions()` fills in `SimulationOptions`' defaults. Numbers are read
    // whatever they start with: `--hours -1` is checked and named, not taken for an unknown option.
    @Option(help: "The city's name, recorded in the log. (default: \(Self.defaults.city))") var city: String?
    @Option(parsing: .unconditional, help: "Riders arriving during the run. (default: \(Self.defaults.riders))") var riders: Int?
    @Option(parsing: .unconditional, help: "Drivers on the road. (default: \(Self.defaults.drivers))") var drivers: Int?
    @Option(parsing: .unconditional, help: "Virtual hours to simulate. (default: \(Self.defaults.hours))") var hours: Int?
    @Option(parsing: .unconditional, help: "Seed: the same seed and options give the same log. (default: \(Self.defaults.seed))") var seed: UInt64?
    @Option(help: "The SQLite log to write.") var log = "simulation.sqlite"
    @Option(help: "Write the report as JSON to this file and as HTML beside it (.html), or, for a .html file, the page there and the JSON beside it (.json); a device or pipe gets the JSON alone.") var report: String?
    @Option(parsing: .unconditional, help: "Snapshot every projection each this many events. (default: \(Self.defaults.snapshotEvery))") var snapshotEvery: Int64?
    @Option(help: "The fixtures directory: onboarding flows and membership screens. (default: fixtures, in this directory or a parent, or else in the build's repository)") var fixtures: String?
    @Flag(help: "Continue a killed run from its log, with the options recorded in the log.") var resume = false

    func run() throws {
        try reportingFailure(tool: "platform") {
            guard !log.isEmpty else { throw SimulationError("--log must name a file") }
            let exists = FileManager.default.fileExists(atPath: log)
            if exists && !resume { throw SimulationError("\(log) already exists; remove it or pass --resume") }
            if resume && !exists { throw SimulationError("--resume: \(log) does not exist") }
            if !resume { _ = try requestedOptions() }
            if let report { try Report.checkWritable(report, notOver: SQLiteEventLog.files(of: log)) }
            let assets = try SimulationAssets.load(fixtures: fixturesDirectory(fixtures, default: "fixtures", option: "--fixtures"))
            let clock = VirtualClock()
            let store = try SQLiteEventLog(path: log, clock: .virtual(clock), options: Self.storeOptions)
            // A run killed before its first append left an empty log: it starts over, with this
            // command's options (the killed run's were not recorded yet).
            let stored = resume ? try SimulationRun.storedOptions(in: store) : nil
            if resume && stored == nil {
                let events = try store.lastSequence()
                guard events == 0 else {
                    throw SimulationError("--resume: \(log) holds \(events) events but no simulation run; only a log `platform simulate` started can be resumed")
                }
                printError(tool: "platform", "\(log) holds no run yet; starting one with this command's options")
            }
            if let stored { try checkResumable(stored) }
            let options = try stored ?? requestedOptions()
            let started = ContinuousClock.now
            var bar = ProgressBar("simulate")
            Interruption.watch()
            // A signal is acted on between any two steps: the simulation's, its final snapshots,
            // then the summary, the report and closing the log.
            let events: Int64
            do {
                let summary = try SimulationRun.run(options, log: store, clock: clock, assets: assets) { progress in
                    try Interrupted.check(at: progress.virtualTime)
                    let span = progress.start.duration(to: progress.end).wholeSeconds
                    let done = progress.start.duration(to: progress.virtualTime).wholeSeconds
                    let seconds = max(0.001, (ContinuousClock.now - started).seconds)
                    // The virtual time to the minute ("2026-11-18 11:24"): the line fits 80 columns.
                    let time = progress.virtualTime.description.prefix(16).replacingOccurrences(of: "T", with: " ")
                    bar.update(done, of: span, detail: "\(time) · \(progress.events) events · \(Int(Double(progress.events) / seconds)) events/s")
                }
                bar.finish()
                let wall = (ContinuousClock.now - started).seconds
                events = try store.lastSequence()
                try Interrupted.check(at: clock.now)
                summary.lines.forEach { print($0) }
                let peak = Double(ProcessMemory.peakResidentBytes) / 1_048_576
                print(String(format: "run: %lld events in %.2f s (%.0f events/s), peak RSS %.0f MB", events, wall, Double(events) / wall, peak))
                if let report {
                    try Interrupted.check(at: clock.now)
                    try Report(summary: summary, events: events, wallSeconds: wall, peakResidentMegabytes: peak).write(to: report)
                    print("report: \(Report.files(for: report).joined(separator: ", "))")
                }
                try Interrupted.check(at: clock.now)
            } catch let interrupted as Interrupted {
                bar.finish()
                let events = try store.lastSequence()
                // The log is whole (in its -wal, if closing it fails): say so, then where it ends.
                do { try store.close() } catch { printError(tool: "platform", "\(error)") }
                throw stop(interrupted, logEndingAt: events)
            }
            let hash = try store.headHash() ?? "-"
            do {
                try store.close()
            } catch let uncopied as SQLiteEventLog.UncopiedWAL {
                throw SimulationError(
                    "\(log): the run is complete and stored, but copying the -wal into the log failed: \(uncopied.reason) "
                        + "(the log is whole only with \(log)-wal beside it; free space, then `platform simulate --resume --log \(log)` finishes it)"
                )
            }
            if let signal = Interruption.signal { throw stop(Interrupted(signal: signal, at: clock.now), logEndingAt: events) }
            print("log head hash: \(hash)")
        }
    }

    /// Says where the log of a run stopped by `interrupted` ends (at event `events`) and how to go
    /// on; the status to exit with, 128 + the signal's number, as when a signal ends a process.
    private func stop(_ interrupted: Interrupted, logEndingAt events: Int64) -> ExitCode {
        printError(tool: "platform", "\(interrupted) at virtual time \(interrupted.at); \(log) ends at event \(events), its last whole batch: `platform simulate --resume --log \(log)` continues the run")
        return ExitCode(128 + interrupted.signal)
    }

    private static let defaults = SimulationOptions()

    /// How the run's log is opened.
    ///
    /// A city has ~7 streams per rider, most of them short-lived (an attempt, a trip). The
    /// writer keeps 750 000 heads of recently appended-to streams (the log's default is
    /// 1 000 000; the long index runs below keep more between two rotations): with 250 000,
    /// a city of 2 000 000 riders looked one event's stream in 24 up in the file (a
    /// driver's streams went cold between two trips), 14 % of the writer's time; with
    /// 50 000, one in five. Fewer look-ups read fewer index pages back, so its SQLite page
    /// cache is 32 MB instead of the log's 64 MB, which pays for some of the heads. With
    /// the log's 65 536 events per index run (~22 virtual seconds at that scale) most
    /// streams had one event in a run (a trip's OOA stream gets one every 30 s), so each
    /// run wrote about a row per event; 524 288 events per run took a sixth off the
    /// writer's time, 1 048 576 another 7-11 % and 2 097 152 another 6-7 % (a driver's
    /// streams get a row and a version update a run; stream reads scan up to that many
    /// unindexed events, and the writer holds 16 bytes for each until the run).
    /// Payloads are compressed against dictionaries trained from the run's first events, 32
    /// consecutive events' together (a payload block: zstd costs ~1–2 µs a call whatever
    /// the input's size), at level 1: on blocks zstd's time goes by the byte, and level 1
    /// takes ~30 % less of it than level 3 for ~2 % more log (the log is about half as
    /// large as uncompressed).
    /// Snapshots are compressed at zstd level 1, not 3, on the simulation's thread: the
    /// onboarding accounts (hex digests, ~2.2:1 either way) compress 2.5 times as fast, the
    /// ledger twice, the rest 1.0–1.6 times, for ~2 % more snapshot bytes.
    private static let storeOptions = SQLiteEventLogOptions(
        durability: .normal, indexRunLength: 2_097_152, snapshotCompressionLevel: 1,
        cachedStreams: 750_000, writerPageCacheKilobytes: 32_768, payloadCompression: PayloadCompression(level: 1)
    )

    /// The options given, over the defaults.
    private func requestedOptions() throws -> SimulationOptions {
        let defaults = Self.defaults
        let options = SimulationOptions(
            city: city ?? defaults.city, riders: riders ?? defaults.riders, drivers: drivers ?? defaults.drivers,
            hours: hours ?? defaults.hours, seed: seed ?? defaults.seed, snapshotEvery: snapshotEvery ?? defaults.snapshotEvery
        )
        try options.validate()
        return options
    }

    /// Refuses a run's option given with `--resume` that differs from the one in the log: a
    /// resumed run goes on with its own options, and would otherwise ignore it without a word.
    private func checkResumable(_ stored: SimulationOptions) throws {
        let given: [(option: String, value: String?, recorded: String)] = [
            ("--city", city, stored.city),
            ("--riders", riders.map(String.init), String(stored.riders)),
            ("--drivers", drivers.map(String.init), String(stored.drivers)),
            ("--hours", hours.map(String.init), String(stored.hours)),
            ("--seed", seed.map(String.init), String(stored.seed)),
            ("--snapshot-every", snapshotEvery.map(String.init), String(stored.snapshotEvery)),
        ]
        for (option, value, recorded) in given {
            guard let value, value != recorded else { continue }
            throw SimulationError("--resume: \(log) holds a run with \(option) \(recorded), not \(value); leave \(option) out to continue it")
        }
    }
}

/// The run stopped by SIGINT or SIGTERM (see ``Interruption``).
private struct Interrupted: Error, CustomStringConvertible {
    let signal: Int32
    let at: Instant

    /// Throws the signal received since `Interruption.watch()`, if any, as seen at virtual time `at`.
    static func check(at: Instant) throws(Interrupted) {
        if let signal = Interruption.signal { throw Interrupted(signal: signal, at: at) }
    }

    var description: String { "interrupted (\(signal == SIGINT ? "SIGINT" : "SIGTERM"))" }
}
