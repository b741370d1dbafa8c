import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import PlatformKit
import XCTest

/// The WAL is checkpointed by a background thread instead of inside the writer's commits.
final class CheckpointTests: XCTestCase {
    func test_backgroundCheckpoints_keepTheWALSmall_andLoseNothing() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let log = try SQLiteEventLog(path: path, clock: .constant(.epoch), options: .init(durability: .normal, checkpointPages: 16))
        let payload = [UInt8](repeating: 7, count: 200)
        for batch in 0..<1_000 {
            try log.append((0..<100).map { NewEvent(streamID: "s\(($0 + batch) % 50)", type: "t.x", payload: payload) })
        }
        // ~75 MB of pages went through the WAL; without checkpoints it would hold them all.
        let walBytes = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as! Int
        XCTAssertLessThan(walBytes, 16_000_000)
        try log.close()
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int, 0)

        let reopened = try SQLiteEventLog(path: path, clock: .live, options: .init(createIfMissing: false))
        XCTAssertEqual(try reopened.lastSequence(), 100_000)
        let report = try reopened.verify()
        XCTAssertTrue(report.isValid, "\(String(describing: report.problem))")
        try reopened.close()
    }

    /// A disk that fills up under the last checkpoint (`close()`'s copy of the WAL into the file)
    /// loses nothing: everything appended is in the -wal, which the log's next opening reads. The
    /// error says so, in one line.
    func test_aFullDiskAtTheLastCheckpoint_losesNothing_andSaysSo() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("log.sqlite")
        do {
            let log = try SQLiteEventLog(path: path, clock: .constant(.epoch), options: .init(durability: .normal))
            let payload = [UInt8](repeating: 7, count: 200)
            for batch in 0..<20 {
                try log.append((0..<100).map { NewEvent(streamID: "s\(($0 + batch) % 50)", type: "t.x", payload: payload) })
            }
            // The file cannot grow: the copy's first write past its end fails (as "disk I/O error":
            // SQLite says "database or disk is full" for ENOSPC, and EFBIG is not that).
            let fileBytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
            let closing = withFileSizeLimit(fileBytes) { Result { try log.close() } }
            XCTAssertThrowsError(try closing.get()) {
                XCTAssertEqual(
                    "\($0)",
                    "\(path): everything appended is stored, but copying the -wal into the log failed: disk I/O error "
                        + "(the log is whole only with \(path)-wal beside it, until a writer closes it with room on the disk)"
                )
            }
            XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as! Int, 0)
        }
        let reopened = try SQLiteEventLog(path: path, clock: .live, options: .init(createIfMissing: false))
        XCTAssertEqual(try reopened.lastSequence(), 2_000)
        let report = try reopened.verify()
        XCTAssertTrue(report.isValid, "\(String(describing: report.problem))")
        try reopened.close()
    }
}
