import ArgumentParser
import CommandLineSupport
import EventLog
import EventLogSQLite
import Foundation
import LedgerDemo
import PlatformKit

/// Writes a deterministic ledger log, snapshots it by policy, and replays it two ways.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a demo log, snapshot it and replay it (from the start and from the newest snapshot)."
    )

    @Option(help: "The log file to create.") var log: String = "demo.sqlite"
    @Option(parsing: .unconditional, help: "How many events to write.") var events: Int = 230_000
    @Option(parsing: .unconditional, help: "Events per append batch.") var batch: Int = 500
    @Option(parsing: .unconditional, help: "Accounts (streams) the events spread over.") var accounts: Int = 1_000
    @Option(parsing: .unconditional, help: "Take a snapshot every this many events.") var snapshotEvery: Int64 = 50_000
    @Option(parsing: .unconditional, help: "Seed of the workload.") var seed: UInt64 = 1

    func validate() throws {
        if events < 1 || batch < 1 || accounts < 1 || snapshotEvery < 1 {
            throw ValidationError("--events, --batch, --accounts and --snapshot-every must be positive")
        }
        if FileManager.default.fileExists(atPath: log) { throw ValidationError("\(log) already exists; remove it or pick another --log") }
    }

    func run() throws {
        try reportingFailure(tool: "platform") { try runDemo() }
    }

    private func runDemo() throws {
        // Virtual time: one millisecond per batch, so the log is the same on every run.
        let clock = VirtualClock(start: Instant(millisecondsSinceEpoch: 1_790_000_000_000))
        let store = try SQLiteEventLog(path: log, clock: .virtual(clock), options: SQLiteEventLogOptions(durability: .normal))
        let runner = try ProjectionRunner(LedgerProjection(), log: store, snapshots: store, policy: .every(snapshotEvery))
        var workload = LedgerWorkload(seed: seed, accounts: accounts)
        var written = 0
        while written < events {
            let count = min(batch, events - written)
            try store.append(workload.next(count))
            written += count
            clock.advance(by: .milliseconds(1))
            try runner.catchUp()
        }
        let fromStart = try LedgerProjection().replay(store)
        let fromSnapshot = try LedgerProjection().replay(store, snapshots: store)
        let snapshots = try store.snapshots(of: LedgerProjection().name)
        print("wrote \(written) events over \(accounts) streams to \(log); \(snapshots.count) snapshots")
        print("replay from the start: \(fromStart.eventsApplied) events folded, total balance \(fromStart.state.balances.values.reduce(0, +))")
        print("replay from snapshot at \(fromSnapshot.snapshot?.sequence ?? 0): \(fromSnapshot.eventsApplied) events folded")
        guard fromStart.state == fromSnapshot.state, fromStart.state == runner.state else {
            throw EventLogError(.corrupt(sequence: nil), "replay from the snapshot differs from replay from the start")
        }
        print("states agree: replay = snapshot + tail")
        print("log head hash: \(try store.headHash() ?? "-") (the same for the same seed and options)")
    }
}
