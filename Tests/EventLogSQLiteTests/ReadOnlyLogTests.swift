import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import LedgerDemo
import PlatformKit
import XCTest

/// A log opened read-only is read without a byte written into or beside it: immutable when its
/// events are all in the file, through its `-shm` when a `-wal` still holds some.
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

    func test_aClosedLog_readsImmutable_andNothingIsWrittenIntoOrBesideIt() throws {
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

        let log = try readOnly(path)
        XCTAssertTrue(log.isReadOnly)
        XCTAssertEqual(try log.events(), expected)
        XCTAssertEqual(try log.events(EventQuery(stream: "s1")).map(\.sequence), expected.filter { $0.streamID == "s1" }.map(\.sequence))
        let snapshot = try XCTUnwrap(log.snapshots(of: "p").first)
        XCTAssertEqual(try log.loadState(snapshot), [1, 2, 3])
        XCTAssertEqual(message { try log.append(self.deposits(1)) }, "\(path): cannot write: it was opened read-only")
        XCTAssertEqual(message { try log.saveSnapshot(projection: "p", version: 1, sequence: 50, state: [4]) }, "\(path): cannot write: it was opened read-only")
        try log.close()

        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.url.path), ["log #1?%20.sqlite"])
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

    func test_aWALWithoutItsIndex_isRefusedInOneLine() throws {
        let path = directory.path("log.sqlite")
        let copy = directory.path("copy.sqlite")
        let writer = try makeLog(path)
        try writer.append(deposits(30))
        // The file and its -wal copied without the -shm: the events in the -wal need an index.
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")

        XCTAssertEqual(
            message { try self.readOnly(copy) },
            "\(copy): cannot open read-only: its -wal file holds events not yet copied into the log, and SQLite must make a -shm file beside it to read them; copy the log with its -wal to a writable place"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy + "-shm"))
    }

    func test_anOlderFormat_isNotUpgraded() throws {
        let path = directory.path("format6.sqlite")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fixtures/eventlog/format6.sqlite").path
        try FileManager.default.copyItem(atPath: fixture, toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        XCTAssertEqual(
            message { try self.readOnly(path) },
            "\(path): log format 6 is older than this build's (7) and is upgraded where it is opened for writing; it is read-only here, so copy it to a writable place"
        )
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    func test_aMissingOrEmptyFile_isNoLog() throws {
        let missing = directory.path("missing.sqlite")
        XCTAssertEqual(message { try self.readOnly(missing) }, "\(missing): no such file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
        let empty = directory.path("empty.sqlite")
        FileManager.default.createFile(atPath: empty, contents: Data())
        XCTAssertEqual(message { try self.readOnly(empty) }, "\(empty): not an event log (an empty file)")
    }
}
