import ArgumentParser
import CommandLineSupport
import EventLog
import EventLogSQLite
import Foundation
import OnboardingContract
import OnboardingHarness
import OnboardingService
import PlatformKit

/// Options shared by `run` and the interactive session.
struct SessionOptions: ParsableArguments {
    @Option(help: "The market whose flow to use (a file name in the flows directory).") var market = "us"
    @Option(help: "The flows directory (default: fixtures/onboarding/flows in this directory or a parent).") var flows: String?
    @Option(help: "Append events to this SQLite event log (created if missing).") var log: String?
    @Option(parsing: .unconditional, help: "Seed for reproducible codes, tokens and network (default: the system's secure generator).") var seed: UInt64?
    @Flag(help: "Ask for one step per question instead of batching steps.") var noBatching = false
    @Option(parsing: .unconditional, help: "Simulated one-way network latency, in milliseconds (e.g. 300 or 300-1500).") var latency = "0"
    @Option(parsing: .unconditional, help: "Simulated probability that a message is lost (0 to 1).") var loss = 0.0

    /// Where codes, salts and tokens come from: seeded for reproducible runs, else cryptographically secure.
    var random: RandomSource { seed.map(RandomSource.seeded) ?? .secure }

    /// The simulated network between client and back end.
    func conditions() throws -> NetworkConditions {
        guard (0...1).contains(loss) else { throw ToolError("--loss must be between 0 and 1, not \(loss)") }
        let bounds = latency.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map { Int64($0) }
        guard let low = bounds.first ?? nil, let high = bounds.last ?? nil, low >= 0, low <= high else {
            throw ToolError("--latency must be MS or MIN-MAX in milliseconds (e.g. 300-1500), not \(latency)")
        }
        guard high <= NetworkConditions.longestLatencyMilliseconds else {
            throw ToolError("--latency must be at most \(NetworkConditions.longestLatencyMilliseconds) milliseconds (a day), not \(latency)")
        }
        return NetworkConditions(latencyMilliseconds: low...high, lossProbability: loss)
    }

    /// The catalog, checked; the market must be in it.
    func catalog() throws -> FlowCatalog {
        let directory = try fixturesDirectory(flows, default: FlowFixtures.relativePath, option: "--flows")
        let catalog = try FlowCatalog.load(directory: directory)
        guard catalog.flow(for: market) != nil else {
            throw ToolError("unknown market \"\(market)\" (known: \(catalog.markets.joined(separator: ", ")))")
        }
        return catalog
    }

    /// The SQLite log if `--log` was given, else one in memory, and where it ended when opened.
    /// The run's state is replayed from it, so the SQLite log is claimed there
    /// (`SQLiteEventLog.claimSoleWriter(after:)`): another process appending meanwhile stops the
    /// run with one line rather than mix two histories of one account.
    func openLog() throws -> (log: any EventLogStore, end: Int64) {
        guard let log else { return (InMemoryEventLog(clock: .constant(.epoch)), 0) }
        let store = try SQLiteEventLog(path: log, clock: .live)
        let end = try store.lastSequence()
        store.claimSoleWriter(after: end)
        return (store, end)
    }
}
