import ArgumentParser
import CommandLineSupport
import EventLog
import EventLogSQLite
import PlatformKit

struct Snapshots: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the stored snapshots.")

    @OptionGroup var options: LogOptions
    @Option(help: "Only this projection (one the tools know, or of which the log holds snapshots).") var projection: String?

    /// Lists the snapshots; one that is damaged or outside the log is listed as corrupt, with why.
    func run() throws {
        try reportingFailure(tool: toolName) {
            let log = try options.open()
            let snapshots = try projection.map { try log.snapshots(of: $0).reversed() } ?? log.allSnapshots()
            if let projection, snapshots.isEmpty { _ = try Catalog.projection(named: projection) }
            let last = try log.lastSequence()
            print("id\tprojection\tversion\tsequence\tstate bytes\tstored bytes\tratio\tcreated")
            for snapshot in snapshots {
                if let defect = snapshot.defect(inLogEndingAt: last) {
                    print("\(snapshot.id)\t\(snapshot.projection)\tcorrupt: \(defect)")
                    continue
                }
                let ratio = snapshot.storedSize > 0 ? Double(snapshot.stateSize) / Double(snapshot.storedSize) : 0
                print("\(snapshot.id)\t\(snapshot.projection)\t\(snapshot.projectionVersion)\t\(snapshot.sequence)\t\(snapshot.stateSize)\t\(snapshot.storedSize)\t\(format(ratio))\t\(snapshot.createdAt)")
            }
        }
    }
}

/// A ratio with two decimals.
func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
