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
}
