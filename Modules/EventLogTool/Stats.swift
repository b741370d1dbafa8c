import ArgumentParser
import CommandLineSupport
import EventLogSQLite
import PlatformKit

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Events and stored payload bytes (compressed where the log compresses them) by type, and the snapshot compression ratio.")

    @OptionGroup var options: LogOptions

    func run() throws {
        try reportingFailure(tool: toolName) {
            let stats = try options.open().statistics(byType: true)
            print("type\tevents\tstored payload bytes\tavg bytes")
            for row in stats.types {
                print("\(row.type)\t\(row.events)\t\(row.payloadBytes)\t\(row.events > 0 ? row.payloadBytes / row.events : 0)")
            }
            print("total\t\(stats.events)\t\(stats.types.reduce(0) { $0 + $1.payloadBytes })")
            let ratio = stats.snapshotCompressionRatio.map { "\(format($0))x" } ?? "-"
            print("snapshots: \(stats.snapshots), \(stats.snapshotStateBytes) bytes of state stored in \(stats.snapshotStoredBytes) bytes (compression \(ratio))")
        }
    }
}
