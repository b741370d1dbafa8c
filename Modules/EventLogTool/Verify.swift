import ArgumentParser
import CommandLineSupport
import EventLogSQLite
import PlatformKit

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the sequence, stream positions, hash chain, snapshot checksums, and that replay reproduces every snapshot.",
        discussion: "Exits 1 and prints the first bad sequence number when anything is wrong."
    )

    @OptionGroup var options: LogOptions

    func run() throws {
        let report = try reportingFailure(tool: toolName) {
            var bar = ProgressBar("verifying")
            defer { bar.finish() }
            return try options.open().verify(projections: Catalog.projections) { bar.update($0, of: $1) }
        }
        if let problem = report.problem {
            printError(tool: toolName, "\(options.log): verification failed at \(problem)")
            throw ExitCode.failure
        }
        let replayed = report.projectionsReplayed.isEmpty ? "none" : report.projectionsReplayed.joined(separator: ", ")
        print("ok: \(report.eventsChecked) events, hash chain intact, \(report.snapshotsChecked) snapshots checked, projections replayed: \(replayed)")
    }
}
