import ArgumentParser
import CommandLineSupport
import EventLogSQLite
import PlatformKit

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Events by type (and the payload bytes stored in rows before event blocks), blocks, and the snapshot compression ratio.")

    @OptionGroup var options: LogOptions

    func run() throws {
        try reportingFailure(tool: toolName) {
            let stats = try options.open().statistics(byType: true)
            print("type\tevents\tstored payload bytes in rows\tavg bytes\tin blocks\tpayload bytes in event blocks (as appended)")
            for row in stats.types {
                let inRows = row.events - row.eventsInBlocks
                print("\(row.type)\t\(row.events)\t\(row.payloadBytes)\t\(inRows > 0 ? row.payloadBytes / inRows : 0)\t\(row.eventsInBlocks)\t\(row.appendedPayloadBytesInEventBlocks)")
            }
            print("total\t\(stats.events)\t\(stats.types.reduce(0) { $0 + $1.payloadBytes } + stats.payloadBlockBytes + stats.eventBlockBytes)")
            if stats.eventBlocks > 0 {
                print("event blocks: \(stats.eventBlocks), \(stats.eventBlockBytes) bytes (whole events; in the total, not in the types' rows)")
            }
            if stats.payloadBlocks > 0 {
                print("payload blocks: \(stats.payloadBlocks), \(stats.payloadBlockBytes) bytes (in the total, not in the types' rows)")
            }
            let ratio = stats.snapshotCompressionRatio.map { "\(format($0))x" } ?? "-"
            print("snapshots: \(stats.snapshots), \(stats.snapshotStateBytes) bytes of state stored in \(stats.snapshotStoredBytes) bytes (compression \(ratio))")
        }
    }
}
