import ArgumentParser
import CommandLineSupport
import EventLogSQLite
import PlatformKit

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Events and stored payload bytes (compressed where the log compresses them) by type, payload blocks, and the snapshot compression ratio.")

    @OptionGroup var options: LogOptions

    func run() throws {
        try reportingFailure(tool: toolName) {
            let stats = try options.open().statistics(byType: true)
            print("type\tevents\tstored payload bytes\tavg bytes\tin payload blocks")
            for row in stats.types {
                let inRows = row.events - row.eventsInBlocks
                print("\(row.type)\t\(row.events)\t\(row.payloadBytes)\t\(inRows > 0 ? row.payloadBytes / inRows : 0)\t\(row.eventsInBlocks)")
            }
            print("total\t\(stats.events)\t\(stats.types.reduce(0) { $0 + $1.payloadBytes } + stats.payloadBlockBytes)")
            if stats.payloadBlocks > 0 {
                print("payload blocks: \(stats.payloadBlocks), \(stats.payloadBlockBytes) bytes (in the total, not in the types' rows)")
            }
            let ratio = stats.snapshotCompressionRatio.map { "\(format($0))x" } ?? "-"
            print("snapshots: \(stats.snapshots), \(stats.snapshotStateBytes) bytes of state stored in \(stats.snapshotStoredBytes) bytes (compression \(ratio))")
        }
    }
}
