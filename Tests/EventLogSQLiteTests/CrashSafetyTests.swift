import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import PlatformKit
import XCTest

/// A child process appends continuously and is killed with SIGKILL at random moments.
final class CrashSafetyTests: XCTestCase {
    func test_sigkillAtRandomMoments_losesNoAcknowledgedEvent_andTheLogVerifies() throws {
        let writer = productsDirectory().appendingPathComponent("eventlog-crash-writer")
        guard FileManager.default.isExecutableFile(atPath: writer.path) else {
            return XCTFail("build the crash writer first (`swift build`, as `make test` does): \(writer.path)")
        }
        let directory = TemporaryDirectory()
        let path = directory.path("crash.sqlite")
        var random = SeededGenerator(seed: 99)
        var highestAcknowledged: Int64 = 0
        for kill in 1...22 {
            let process = Process()
            process.executableURL = writer
            process.arguments = [path, String(kill)]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Wait for the first acknowledgement, then kill at a random moment.
            let firstLine = output.fileHandleForReading.availableData
            XCTAssertFalse(firstLine.isEmpty, "writer \(kill) died before appending")
            usleep(UInt32.random(in: 5_000...120_000, using: &random))
            killHard(process.processIdentifier)
            process.waitUntilExit()
            let rest = output.fileHandleForReading.readDataToEndOfFile()
            let acknowledged = String(decoding: firstLine + rest, as: UTF8.self)
                .split(separator: "\n").compactMap { Int64($0) }
            let reportedMax = acknowledged.max() ?? 0
            XCTAssertGreaterThanOrEqual(reportedMax, highestAcknowledged)
            highestAcknowledged = max(highestAcknowledged, reportedMax)

            let log = try SQLiteEventLog(path: path, clock: .live, options: .init(createIfMissing: false))
            let report = try log.verify()
            XCTAssertTrue(report.isValid, "after kill \(kill): \(String(describing: report.problem))")
            XCTAssertGreaterThanOrEqual(try log.lastSequence(), highestAcknowledged, "after kill \(kill): an acknowledged event is missing")
            try log.close()
        }
        XCTAssertGreaterThan(highestAcknowledged, 22)
    }
}

private func killHard(_ pid: Int32) {
    kill(pid, SIGKILL)
}
