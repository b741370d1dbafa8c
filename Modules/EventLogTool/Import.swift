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

    func run() throws {
        let created = !FileManager.default.fileExists(atPath: log)
        do {
            let count = try importLines()
            print("imported \(count) events into \(log)")
        } catch {
            if created {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: log + suffix) }
            }
            printError(tool: toolName, "\(error)")
            throw ExitCode.failure
        }
    }

    private func importLines() throws -> Int {
        let handle: FileHandle
        if let input {
            guard let file = FileHandle(forReadingAtPath: input) else { throw LineError("\(input): no such file") }
            handle = file
        } else {
            handle = .standardInput
        }
        let source = input ?? "stdin"
        let store = try SQLiteEventLog(path: log, clock: .live)
        defer { try? store.close() }
        var reader = LineReader(handle: handle)
        let decoder = JSONDecoder()
        let size = try input.map { try FileManager.default.attributesOfItem(atPath: $0)[.size] as? NSNumber }??.int64Value ?? 0
        var bar = ProgressBar("importing")
        defer { bar.finish() }
        do {
            return try store.importEvents {
                while let line = try reader.next() {
                    if reader.lineNumber % 16_384 == 0 { bar.update(reader.bytesRead, of: size) }
                    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                    do {
                        return try decoder.decode(ExportLine.self, from: line).recorded()
                    } catch let error as DecodingError {
                        throw LineError(error)
                    }
                }
                return nil
            }
        } catch {
            throw LineError("\(source):\(reader.lineNumber): \(error)")
        }
    }
}
