import ArgumentParser
import CommandLineSupport
import EventLog
import EventLogSQLite
import Foundation
import PlatformKit

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write every event as JSON Lines (lossless: import rebuilds the same log).")

    @OptionGroup var options: LogOptions
    @Option(name: .shortAndLong, help: "Output file (default: standard output).") var output: String?

    func run() throws {
        try reportingFailure(tool: toolName) {
            if let output, SQLiteEventLog.files(of: options.log).contains(where: { isSameFile(output, $0) }) {
                throw LineError("-o \(output): is the log itself; export it to another file")
            }
            let log = try options.open()
            let out = try output.map(openForWriting) ?? .standardOutput
            let name = output ?? "standard output"
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let last = try log.lastSequence()
            var bar = ProgressBar("exporting")
            var buffer = Data()
            try log.forEachChained(through: last) { event, hash in
                buffer.append(try encoder.encode(ExportLine(event, hash: hash)))
                buffer.append(0x0A)
                if buffer.count >= 1 << 20 {
                    try write(buffer, to: out, named: name)
                    buffer.removeAll(keepingCapacity: true)
                    bar.update(event.sequence, of: last)
                }
            }
            try write(buffer, to: out, named: name)
            bar.finish()
            if output != nil { try out.close() }
        }
    }
}
