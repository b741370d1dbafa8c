import ArgumentParser
import CommandLineSupport
import EventLogSQLite
import PlatformKit

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the log's size, counts and time range.")

    @OptionGroup var options: LogOptions

    func run() throws {
        try reportingFailure(tool: toolName) {
            let stats = try options.open().statistics(byType: false)
            print("""
                log:             \(options.log)
                format version:  \(stats.formatVersion)
                file size:       \(stats.fileBytes) bytes
                events:          \(stats.events) (last sequence \(stats.lastSequence))
                streams:         \(stats.streams)
                dictionaries:    \(stats.payloadDictionaries) (payload compression)
                event blocks:    \(stats.eventBlocks) (\(stats.eventBlockBytes) bytes)
                payload blocks:  \(stats.payloadBlocks) (\(stats.payloadBlockBytes) bytes, format 6)
                first recorded:  \(stats.firstRecordedAt.map { "\($0)" } ?? "-")
                last recorded:   \(stats.lastRecordedAt.map { "\($0)" } ?? "-")
                stream index:    through sequence \(stats.indexedThrough)
                snapshots:       \(stats.snapshots)
                head hash:       \(stats.headHash ?? "-")
                """)
        }
    }
}
