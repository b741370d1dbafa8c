import ArgumentParser
import EventLogSQLite
import PlatformKit

/// The log file every subcommand takes.
struct LogOptions: ParsableArguments {
    @Argument(help: "The event log file (SQLite).")
    var log: String

    /// Opens the existing log to read it; never creates one.
    func open() throws -> SQLiteEventLog {
        try SQLiteEventLog(path: log, clock: .live, options: .reading)
    }
}
