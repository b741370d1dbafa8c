import ArgumentParser
import CommandLineSupport
import EventLog
import EventLogSQLite
import Foundation
import PlatformKit

struct Tail: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the last events; with -f, keep printing new ones as they are appended.")

    @OptionGroup var options: LogOptions
    @Option(name: .short, parsing: .unconditional, help: "How many of the last events to print first.") var n: Int64 = 10
    @Flag(name: .short, help: "Follow: wait for new events (also from other processes) until interrupted.") var follow = false
    @Flag(help: "JSON Lines instead of text.") var json = false

    func validate() throws {
        if n < 0 { throw ValidationError("-n must not be negative") }
    }

    func run() async throws {
        let formatter = EventFormatter()
        // A write that fails (a full disk, a closed pipe) ends the command with its error.
        let show = { (event: RecordedEvent) throws in
            try write(Data((json ? formatter.json(event) : formatter.text(event)).utf8 + [0x0A]), to: .standardOutput, named: "standard output")
        }
        let (log, next) = try reportingFailure(tool: toolName) {
            let log = try options.open()
            let last = try log.lastSequence()
            try log.forEach(EventQuery(from: max(1, last - n + 1))) { try show($0) }
            return (log, last + 1)
        }
        guard follow else { return }
        do {
            for try await event in log.subscribe(from: next) { try show(event) }
        } catch {
            printError(tool: toolName, "\(error)")
            throw ExitCode.failure
        }
    }
}
