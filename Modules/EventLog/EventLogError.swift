/// Errors of the event log, printable as one clear line.
public struct EventLogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for callers that branch on it.
    public enum Code: Sendable, Equatable {
        /// Optimistic concurrency failed: nothing was written.
        case concurrencyConflict(stream: String, expectedPosition: Int64, actualVersion: Int64)
        /// An append expected the log to end at one sequence number, and it ended at another
        /// (another writer appended): nothing was written.
        case logEndConflict(expectedLastSequence: Int64, actualLastSequence: Int64)
        /// The file is missing, not a log, or of a newer format.
        case cannotOpen
        /// Stored data failed a check (sequence gap, hash chain, checksum, decoding).
        case corrupt(sequence: Int64?)
        /// An argument or input line was invalid.
        case invalidInput
        /// The underlying storage failed.
        case storage
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// Convenience for a concurrency conflict.
    public static func conflict(stream: String, expected: Int64, actual: Int64) -> EventLogError {
        EventLogError(
            .concurrencyConflict(stream: stream, expectedPosition: expected, actualVersion: actual),
            "concurrency conflict on stream '\(stream)': expected to append at position \(expected), but the stream is at version \(actual)"
        )
    }

    /// Convenience for a log-end conflict on the log at `path`.
    public static func logEndConflict(path: String, expected: Int64, actual: Int64) -> EventLogError {
        EventLogError(
            .logEndConflict(expectedLastSequence: expected, actualLastSequence: actual),
            "\(path): expected the log to end at sequence \(expected), but it ends at \(actual): another writer appended to it"
        )
    }
}
