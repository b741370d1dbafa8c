import ArgumentParser
import CommandLineSupport
import EventLog
import EventLogSQLite
import Foundation
import PlatformKit

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Append events from JSON Lines written by export, keeping sequence numbers, times and hashes.",
        discussion: "The lines must continue the log (an empty or new log takes an export from the start). A malformed or tampered line is reported with its line number and nothing is imported."
    )

    @Argument(help: "The event log file to import into (created if missing).") var log: String
    @Option(name: .shortAndLong, help: "JSON Lines file (default: standard input).") var input: String?

    /// A new log is imported into a file of its own beside it, then linked in under its name only
    /// if that name is still free: a failed import leaves no file, and one that races another
    /// process creating the same log never removes or replaces that log.
    func run() throws {
        // An empty path names no new log: opening it says so, as every command does.
        let isNew = !log.isEmpty && !FileManager.default.fileExists(atPath: log)
        let target = isNew ? "\(log).importing-\(getpid())" : log
        do {
            let count = try importLines(into: target)
            if isNew { try publish(target) }
            print("imported \(count) events into \(log)")
        } catch {
            if isNew { Self.remove(target) }
            // The file imported into is the log to the user, whatever its name meanwhile.
            printError(tool: toolName, isNew ? "\(error)".replacingOccurrences(of: target, with: log) : "\(error)")
            throw ExitCode.failure
        }
    }

    /// Gives the imported `file` the log's name, unless a file took that name meanwhile.
    private func publish(_ file: String) throws {
        if link(file, log) != 0 {
            let code = errno
            guard code != EEXIST else { throw LineError("\(log): another process created it during the import; nothing was imported") }
            // A file system without hard links: a rename, after one more check that the name is free.
            guard !FileManager.default.fileExists(atPath: log), rename(file, log) == 0 else {
                throw LineError("\(log): cannot create the log (\(systemReason(code: code)))")
            }
        }
        Self.remove(file)
    }

    /// Removes the log at `file` and what SQLite keeps beside it.
    private static func remove(_ file: String) {
        for path in SQLiteEventLog.files(of: file) { try? FileManager.default.removeItem(atPath: path) }
    }

    private func importLines(into path: String) throws -> Int {
        let handle: FileHandle
        if let input {
            guard let file = FileHandle(forReadingAtPath: input) else { throw LineError("\(input): \(missingFileReason(input))") }
            handle = file
        } else {
            handle = .standardInput
        }
        let source = input ?? "stdin"
        let store = try SQLiteEventLog(path: path, clock: .live)
        try store.requireWritable()
        var reader = LineReader(handle: handle)
        let decoder = JSONDecoder()
        let size = try input.map { try FileManager.default.attributesOfItem(atPath: $0)[.size] as? NSNumber }??.int64Value ?? 0
        var bar = ProgressBar("importing")
        defer { bar.finish() }
        /// The line of each idempotency key read so far, to name both lines of a duplicate.
        var keyLines: [ExactString: Int] = [:]
        let count: Int
        do {
            count = try store.importEvents {
                while let line = try reader.next() {
                    if reader.lineNumber % 16_384 == 0 { bar.update(reader.bytesRead, of: size) }
                    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                    let recorded: (event: RecordedEvent, hash: [UInt8])
                    do {
                        recorded = try decoder.decode(ExportLine.self, from: line).recorded()
                    } catch let error as DecodingError {
                        throw LineError(error, line: line)
                    }
                    if let key = recorded.event.idempotencyKey, let first = keyLines.updateValue(reader.lineNumber, forKey: ExactString(key)) {
                        throw LineError("duplicate idempotency key \(key) (first on line \(first))")
                    }
                    return recorded
                }
                return nil
            }
        } catch let failure as LineReader.ReadFailure {
            try? store.close()
            throw LineError("\(source): \(failure)")
        } catch {
            try? store.close()
            throw LineError("\(source):\(reader.lineNumber): \(error)")
        }
        try store.close()
        return count
    }
}
