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
            let log = try options.open()
            let out: FileHandle
            if let output {
                guard FileManager.default.createFile(atPath: output, contents: nil) else {
                    throw LineError("\(output): cannot create the file")
                }
                out = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            } else {
                out = .standardOutput
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let last = try log.lastSequence()
            var bar = ProgressBar("exporting")
            var buffer = Data()
            try log.forEachChained(through: last) { event, hash in
                buffer.append(try encoder.encode(ExportLine(event, hash: hash)))
                buffer.append(0x0A)
                if buffer.count >= 1 << 20 {
                    try out.write(contentsOf: buffer)
                    buffer.removeAll(keepingCapacity: true)
                    bar.update(event.sequence, of: last)
                }
            }
            try out.write(contentsOf: buffer)
            bar.finish()
            if output != nil { try out.close() }
        }
    }
}
