import ArgumentParser

/// `eventlog-bench`: the event log's benchmarks, run by `make bench` in a release build.
struct EventLogBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eventlog-bench",
        abstract: "Measure the event log beside raw SQLite, the zstd CLI and the Python eventsourcing peer.",
        subcommands: [RunAll.self, Replay.self]
    )
}

EventLogBench.main()
