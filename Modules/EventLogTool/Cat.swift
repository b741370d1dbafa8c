import ArgumentParser
import CommandLineSupport
import EventLog
import EventLogSQLite
import PlatformKit

struct Cat: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print events, filtered by stream, type and sequence range.")

    @OptionGroup var options: LogOptions
    @Option(help: "Only this stream.") var stream: String?
    @Option(help: "Only this event type (repeatable).") var type: [String] = []
    @Option(parsing: .unconditional, help: "First sequence number.") var from: Int64 = 1
    @Option(parsing: .unconditional, help: "Last sequence number.") var to: Int64?
    @Option(parsing: .unconditional, help: "At most this many events.") var limit: Int?
    @Flag(help: "JSON Lines instead of text.") var json = false

    func validate() throws {
        if from < 1 { throw ValidationError("--from must be at least 1") }
        if let to, to < from { throw ValidationError("--to must not be below --from") }
        if let limit, limit < 0 { throw ValidationError("--limit must not be negative") }
    }

    func run() throws {
        try reportingFailure(tool: toolName) {
            let formatter = EventFormatter()
            let query = EventQuery(from: from, to: to, stream: stream, types: type.isEmpty ? nil : Set(type), limit: limit)
            try options.open().forEach(query) { event in
                print(json ? formatter.json(event) : formatter.text(event))
            }
        }
    }
}
