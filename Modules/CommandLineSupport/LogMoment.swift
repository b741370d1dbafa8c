import ArgumentParser
import EventLogSQLite
import Foundation
import PlatformKit

/// `--log FILE [--at SEQ]` of a command that reads one stream of a log (a simulation's, say) as
/// of the end of the log or of a sequence number.
public struct LogMoment: ParsableArguments {
    @Option(help: "The SQLite event log.")
    public var log: String

    @Option(parsing: .unconditional, help: "Read up to this global sequence number (default: the end of the log).")
    public var at: Int64?

    public init() {}

    public func validate() throws {
        if let at, at < 0 { throw ValidationError("--at must be a sequence number ≥ 0, got \(at)") }
    }

    /// The log, opened to read, once `stream` is found in it (else `missing`, e.g. "no
    /// optimistic events for client 'driver-7'", names what is not there); the sequence to read
    /// up to, and the log's last.
    public func open(stream: String, missing: String) throws -> (store: SQLiteEventLog, sequence: Int64, last: Int64) {
        try open(streams: [stream], missing: missing)
    }

    /// ``open(stream:missing:)`` for a subject with several streams, one of which at least must
    /// be in the log.
    public func open(streams: [String], missing: String) throws -> (store: SQLiteEventLog, sequence: Int64, last: Int64) {
        guard FileManager.default.fileExists(atPath: log) else { throw ToolError("\(log): \(missingFileReason(log))") }
        let store = try SQLiteEventLog(path: log, clock: .constant(.epoch), options: .reading)
        do {
            guard try streams.contains(where: { try store.streamVersion(of: $0) > 0 }) else {
                throw ToolError("\(log): \(missing) (\(streams.count == 1 ? "stream" : "streams") \(streams.joined(separator: ", ")))")
            }
            let last = try store.lastSequence()
            if let at, at > last { throw ToolError("--at \(at) is past the end of the log (\(last))") }
            return (store, at ?? last, last)
        } catch {
            try? store.close()
            throw error
        }
    }
}
