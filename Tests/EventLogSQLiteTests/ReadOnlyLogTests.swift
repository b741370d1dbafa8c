import EventLog
@testable import EventLogSQLite
import EventLogTestSupport
import Foundation
import GRDB
import LedgerDemo
import PlatformKit
import XCTest

/// A log opened read-only is read without a byte written into it and without waiting for a
/// writer: through its `-shm` index, which SQLite makes beside it when missing, so a writer's
/// appends are seen. (On read-only storage: `EventLogToolTests`' `ReadOnlyStorageTests`.)
final class ReadOnlyLogTests: XCTestCase {
    let directory = TemporaryDirectory()

    private func deposits(_ count: Int) throws -> [NewEvent] {
        try (1...count).map { try Deposited(account: "a", amount: Int64($0), memo: "").newEvent(stream: "s\($0 % 4)") }
    }

    private func readOnly(_ path: String) throws -> SQLiteEventLog {
        try SQLiteEventLog(path: path, clock: .constant(.epoch), options: SQLiteEventLogOptions(readOnly: true))
    }

    private func message(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "no error"
        } catch {
            return (error as? EventLogError)?.message ?? "\(error)"
        }
    }

    func test_aClosedLog_isReadWithoutAByteWrittenIntoIt_andAWriterStartedLaterIsSeen() throws {
        // Characters an SQLite URI gives a meaning to, in the name.
        let path = directory.path("log #1?%20.sqlite")
        let expected: [RecordedEvent]
        do {
            let log = try makeLog(path)
            try log.append(deposits(50))
            try log.saveSnapshot(projection: "p", version: 1, sequence: 50, state: [1, 2, 3])
            expected = try log.events()
            try log.close()
        }
        // As a log copied alone: its events are all in the file.
        for file in SQLiteEventLog.files(of: path).dropFirst() { try? FileManager.default.removeItem(atPath: file) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let log = try SQLiteEventLog(path: path, clock: .constant(.epoch), options: .reading)
        XCTAssertTrue(log.isReadOnly)
        XCTAssertEqual(try log.events(), expected)
        XCTAssertEqual(try log.events(EventQuery(stream: "s1")).map(\.sequence), expected.filter { $0.streamID == "s1" }.map(\.sequence))
        let snapshot = try XCTUnwrap(log.snapshots(of: "p").first)
        XCTAssertEqual(try log.loadState(snapshot), [1, 2, 3])
        XCTAssertEqual(message { try log.append(self.deposits(1)) }, "\(path): cannot write: it was opened read-only")
        XCTAssertEqual(message { try log.saveSnapshot(projection: "p", version: 1, sequence: 50, state: [4]) }, "\(path): cannot write: it was opened read-only")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)

        let writer = try makeLog(path)
        try writer.append(deposits(5))
        XCTAssertEqual(try log.lastSequence(), 55)
        try log.close()
        try writer.close()
    }

    func test_aReader_doesNotWaitForAWritersLock() throws {
        let path = directory.path("log.sqlite")
        let writer = try makeLog(path)
        try writer.append(deposits(30))
        try writer.close()
        try DatabaseQueue(path: path).inDatabase { other in
            try other.execute(sql: "BEGIN EXCLUSIVE")
            defer { try? other.execute(sql: "ROLLBACK") }

            let log = try SQLiteEventLog(path: path, clock: .constant(.epoch), options: .reading)
            XCTAssertEqual(try log.lastSequence(), 30)
            try log.close()
        }
    }

    func test_eventsStillInTheWAL_areRead() throws {
        let path = directory.path("log.sqlite")
        let writer = try makeLog(path)
        try writer.append(deposits(30))
        XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0, 0)

        let log = try readOnly(path)
        XCTAssertEqual(try log.events(), try writer.events())
        try writer.append(deposits(5))
        XCTAssertEqual(try log.lastSequence(), 35)
    }

    func test_aWALCopiedWithoutItsIndex_isReadThroughANewOne() throws {
        let path = directory.path("log.sqlite")
        let copy = directory.path("copy.sqlite")
        let writer = try makeLog(path)
        try writer.append(deposits(30))
        // The file and its -wal copied without the -shm: the events in the -wal need an index.
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")

        XCTAssertEqual(try readOnly(copy).events(), try writer.events())
    }

    func test_anOlderFormat_isNotUpgraded() throws {
        let path = directory.path("format6.sqlite")
        try FileManager.default.copyItem(atPath: fixture("format6.sqlite"), toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        XCTAssertEqual(
            message { try self.readOnly(path) },
            "\(path): log format 6 is older than this build's (7) and is upgraded where it is opened for writing; it is read-only here, so copy it to a writable place"
        )
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    func test_anOlderFormat_isUpgradedFirst_whenOpenedToRead() throws {
        let path = directory.path("format6.sqlite")
        try FileManager.default.copyItem(atPath: fixture("format6.sqlite"), toPath: path)

        let log = try SQLiteEventLog(path: path, clock: .constant(.epoch), options: .reading)
        XCTAssertTrue(log.isReadOnly)
        XCTAssertEqual(try log.statistics(byType: false).formatVersion, Schema.formatVersion)
        XCTAssertEqual(try log.lastSequence(), 402)
    }

    func test_aMissingOrEmptyFile_isNoLog() throws {
        let missing = directory.path("missing.sqlite")
        XCTAssertEqual(message { try self.readOnly(missing) }, "\(missing): no such file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
        let empty = directory.path("empty.sqlite")
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        XCTAssertEqual(message { try self.readOnly(empty) }, "\(empty): not an event log (an empty file)")
    }

    /// SQLite refusing to write (a -shm or -wal another user made beside a log this user may
    /// write) is said so, not "not an event log".
    func test_SQLiteRefusingToWrite_isSaidSo() {
        let error = SQLiteEventLog.mapped(DatabaseError(resultCode: .SQLITE_READONLY, message: "attempt to write a readonly database"), path: "log.sqlite")
        XCTAssertEqual(
            (error as? EventLogError)?.message,
            "log.sqlite: cannot write: this user may not write the log, or its -wal or -shm beside it (attempt to write a readonly database)"
        )
    }
}
