import ArgumentParser
import EventLog
import EventLogSQLite
import Foundation
import LedgerDemo
import PlatformKit

/// Replays a log's ledger in this (fresh) process, so its peak RSS is the replay's own.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Replay the ledger projection of LOG; prints seconds, events/s and peak RSS as JSON.")

    @Argument var log: String
    @Flag(help: "Start from the newest snapshot.") var fromSnapshot = false

    func run() throws {
        let store = try SQLiteEventLog(path: log, clock: .live, options: .init(createIfMissing: false))
        let start = ContinuousClock.now
        let result = try LedgerProjection().replay(store, snapshots: fromSnapshot ? store : nil)
        let elapsed = seconds(since: start)
        print("{\"seconds\": \(elapsed), \"events\": \(result.eventsApplied), \"snapshot\": \(result.snapshot?.sequence ?? 0), \"rssMB\": \(peakRSSMegabytes())}")
    }
}
