import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import GRDB
import PlatformKit
import XCTest

/// Opening a file that is not a log changes nothing in it; a locked log is said to be locked.
final class OpeningOtherFilesTests: XCTestCase {
    let directory = TemporaryDirectory()

    func test_aForeignDatabase_isRefused_andLeftAsItWas() throws {
        let other = directory.path("other.sqlite")
        let made = try runProcess("/usr/bin/sqlite3", [other, "CREATE TABLE t(x); INSERT INTO t VALUES (1);"])
        XCTAssertEqual(made.status, 0, made.error)
        let before = try Data(contentsOf: URL(fileURLWithPath: other))
        for createIfMissing in [false, true] {
            XCTAssertThrowsError(try SQLiteEventLog(path: other, clock: .constant(.epoch), options: .init(createIfMissing: createIfMissing))) {
                XCTAssertEqual("\($0)", "\(other): not an event log (a SQLite database without the event log's tables)")
            }
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: other)), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: other + "-wal"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: other + "-shm"))
    }

    /// Opening for writing waits (10 s) for another process's write lock, then says so.
    func test_aLogLockedByAnotherWriter_isSaidToBeLocked() throws {
        let path = directory.path("locked.sqlite")
        try makeLog(path).close()
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: path, configuration: configuration)
        try holder.inDatabase { try $0.execute(sql: "BEGIN IMMEDIATE") }
        defer { try? holder.inDatabase { try $0.execute(sql: "ROLLBACK") } }
        XCTAssertThrowsError(try SQLiteEventLog(path: path, clock: .constant(.epoch), options: .init(createIfMissing: false))) {
            XCTAssertEqual("\($0)", "\(path): the log is locked by another process (database is locked)")
        }
    }
}
