import ArgumentParser
import EventLog
import EventLogSQLite
import Foundation
import LedgerDemo
import PlatformKit
import Zstd

/// Every measurement, side by side with its baseline, as one Markdown table.
struct RunAll: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run every benchmark and print the table.")

    @Option(help: "Scratch directory for the logs.") var dir: String = "bench-out"
    @Option(help: "Events for the batch-10 000 append and the read benchmarks.") var events: Int = 1_000_000
    @Option(help: "Events of the big replay log.") var bigEvents: Int = 10_000_000
    @Option(help: "Results of the eventsourcing peer (JSON from Tools/bench/eventsourcing_peer.py).") var peer: String?
    @Flag(help: "Only one append measurement (for profiling).") var appendOnly = false
    @Option(help: "With --append-only: the batch size.") var appendBatch = 10_000

    private var table: [String] = []

    mutating func run() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        table = ["| measure | MobilePlatform | baseline | ratio | target |", "|---|---|---|---|---|"]
        let peerResults = try peer.map { try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: $0))) as? [String: Any] } ?? nil
        // The peer's insert_events time alone: its events are built and encoded outside the timing, like ours.
        let peerAppend = peerResults?["append_insert_only"] as? [String: Double] ?? [:]

        let appendRuns = [(10_000, events, Durability.normal), (100, events / 5, .normal), (1, 20_000, .normal), (1, 5_000, .full)]
        for (batch, count, durability) in appendOnly ? [(appendBatch, events, .normal)] : appendRuns {
            let workload = try Workload(count: count)
            // Interleaved, best of two each, with dirty pages flushed before every run: background
            // writeback from an earlier run must not land on the next one.
            var ours = 0.0
            var raw = 0.0
            for _ in 0..<2 {
                sync()
                ours = max(ours, try appendOurs(workload, batch: batch, durability: durability, name: "append-\(batch)-\(durability)"))
                sync()
                raw = max(raw, RawSQLite.append(workload.rawRows, batch: batch, path: fresh("raw-\(batch)-\(durability).sqlite"), synchronous: durability == .full ? "FULL" : "NORMAL"))
            }
            let target = batch == 10_000 ? "≥ 500 000/s and ≥ 70 %" : (batch == 1 && durability == .normal ? "≥ 5 000/s" : "")
            row("append, batch \(batch), 1 000 streams, \(durability)", rate(ours), "raw SQLite \(rate(raw))", percent(ours / raw), target)
            // The peer runs with its default synchronous=FULL: compare batch 1 at FULL, larger batches
            // (one sync per commit, negligible) at NORMAL.
            if batch > 1 || durability == .full, let theirs = peerAppend[String(batch)] {
                row("append, batch \(batch) vs eventsourcing (SQLite recorder, insert_events only)", rate(ours), "eventsourcing \(rate(theirs))", times(ours / theirs), "≥ 10×")
            }
        }

        if appendOnly { return print(table.joined(separator: "\n")) }
        let readLog = path("append-10000-normal.sqlite")
        let raw = RawSQLite.scan(path("raw-10000-normal.sqlite"))
        let store = try SQLiteEventLog(path: readLog, clock: .live, options: .init(createIfMissing: false))
        let read = try measure(count: raw.count) { try store.forEach(.all) { _ in } }
        row("sequential read (envelopes)", rate(read), "raw scan \(rate(raw.perSecond))", percent(read / raw.perSecond), "")
        // In a fresh process, like the peer's replay (this process's heap is full of workloads).
        let replay = Double(raw.count) / (try childReplay(readLog, fromSnapshot: false)["seconds"] ?? .nan)
        row("projection replay (decoded events)", rate(replay), "raw scan \(rate(raw.perSecond))", percent(replay / raw.perSecond), "≥ 1 000 000/s and ≥ 50 %")
        if let theirs = peerResults?["replay"] as? Double {
            row("projection replay vs eventsourcing", rate(replay), "eventsourcing \(rate(theirs))", times(replay / theirs), "≥ 10×")
        }

        try compression()
        if bigEvents > 0 { try bigReplay() }
        print(table.joined(separator: "\n"))
    }

    // MARK: - Pieces

    private func appendOurs(_ workload: Workload, batch: Int, durability: Durability, name: String) throws -> Double {
        let log = try SQLiteEventLog(path: fresh("\(name).sqlite"), clock: .constant(.epoch), options: .init(durability: durability))
        defer { try? log.close() }
        let batches = stride(from: 0, to: workload.events.count, by: batch).map {
            Array(workload.events[$0..<min($0 + batch, workload.events.count)])
        }
        return try measure(count: workload.events.count) {
            for events in batches { try log.append(events) }
        }
    }

    /// zstd level 3 through our module and through the `zstd` CLI, on the same state bytes.
    private mutating func compression() throws {
        var state = LedgerProjection.State()
        var random = SeededGenerator(seed: 5)
        for account in 0..<400_000 { state.balances["acct-\(account)"] = Int64.random(in: -1_000_000...50_000_000, using: &random) }
        let bytes = try LedgerProjection().encodeState(state)
        let megabytes = Double(bytes.count) / 1_048_576
        var compressed: [UInt8] = []
        let repeats = 5
        let ours = try measure(count: repeats) { for _ in 0..<repeats { compressed = try Zstd.compress(bytes, level: 3) } }
        let input = path("state.bin")
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let cliStart = ContinuousClock.now
        for _ in 0..<repeats { try runTool("/usr/bin/zstd", ["-3", "-q", "-f", input, "-o", path("state.bin.zst")]) }
        let cli = Double(repeats) / seconds(since: cliStart)
        let cliSize = try FileManager.default.attributesOfItem(atPath: path("state.bin.zst"))[.size] as! Int
        row("snapshot compression (\(Int(megabytes)) MB state, level 3)",
            "\(Int(ours * megabytes)) MB/s, ratio \(ratio(bytes.count, compressed.count))",
            "zstd -3 CLI \(Int(cli * megabytes)) MB/s, ratio \(ratio(bytes.count, cliSize))", percent(ours / cli), "")
    }

    /// Builds a log of `bigEvents` with snapshots by policy, then replays it in child processes.
    private mutating func bigReplay() throws {
        let log = fresh("big.sqlite")
        do {
            let store = try SQLiteEventLog(path: log, clock: .constant(.epoch), options: .init(durability: .normal))
            // Snapshots at 1.3 M, 2.6 M, … 9.1 M: the newest is 900 000 events before the end.
            let runner = try ProjectionRunner(LedgerProjection(), log: store, snapshots: store, policy: .every(1_300_000))
            var workload = LedgerWorkload(seed: 2, accounts: 1_000, payloadSize: 200)
            for _ in 0..<(bigEvents / 10_000) {
                try store.append(workload.next(10_000))
                try runner.catchUp()
            }
            try store.close()
        }
        let millions = "\(bigEvents / 1_000_000) M"
        let fromStart = try childReplay(log, fromSnapshot: false)
        let fromSnapshot = try childReplay(log, fromSnapshot: true)
        let small = try childReplay(path("append-10000-normal.sqlite"), fromSnapshot: false)
        row("replay \(millions)-event log from the start", "\(secondsText(fromStart["seconds"])) s (\(rate(Double(bigEvents) / fromStart["seconds"]!)))", "", "", "")
        row("replay \(millions)-event log from the newest snapshot (at \(Int(fromSnapshot["snapshot"] ?? 0)), \(Int(fromSnapshot["events"] ?? 0)) events after it)",
            "\(secondsText(fromSnapshot["seconds"])) s", "", "", "< 1 s")
        row("peak RSS replaying \(millions) events from the start", "\(Int(fromStart["rssMB"]!)) MB",
            "\(Int(small["rssMB"]!)) MB for \(events / 1_000_000) M events", "", "< 100 MB, flat")
    }

    private func childReplay(_ log: String, fromSnapshot: Bool) throws -> [String: Double] {
        let output = try runTool(CommandLine.arguments[0], ["replay", log] + (fromSnapshot ? ["--from-snapshot"] : []))
        return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Double] ?? [:]
    }

    // MARK: - Helpers

    private func measure(count: Int, _ body: () throws -> Void) throws -> Double {
        let start = ContinuousClock.now
        try body()
        return Double(count) / seconds(since: start)
    }

    private func path(_ name: String) -> String { "\(dir)/\(name)" }

    private func fresh(_ name: String) -> String {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path(name) + suffix) }
        return path(name)
    }

    private mutating func row(_ cells: String...) {
        table.append("| " + cells.joined(separator: " | ") + " |")
    }

    private func rate(_ perSecond: Double) -> String {
        let value = Int(perSecond.rounded())
        let digits = String(value)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += " " }
            grouped.append(digit)
        }
        return "\(grouped)/s"
    }

    private func percent(_ ratio: Double) -> String { "\(Int((ratio * 100).rounded())) %" }
    private func times(_ ratio: Double) -> String { "\(Double(Int(ratio * 10)) / 10)×" }
    private func secondsText(_ value: Double?) -> String { String(format: "%.2f", value ?? .nan) }
    private func ratio(_ original: Int, _ compressed: Int) -> String { String(format: "%.2f", Double(original) / Double(max(1, compressed))) }
}

/// Runs a tool and returns its standard output; throws when it fails.
@discardableResult
func runTool(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ValidationError("\(tool) \(arguments.joined(separator: " ")) failed") }
    return String(decoding: data, as: UTF8.self)
}
