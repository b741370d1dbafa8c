import EventLog
@testable import EventLogSQLite
import EventLogTestSupport
import GRDB
import GRDBSQLite
import PlatformKit
import XCTest

/// A NUL byte in a name never reaches the file: appends and imports refuse it, and text bound or
/// read directly is never cut at one.
final class NULNameTests: XCTestCase {
    let directory = TemporaryDirectory()

    func test_refusedAppends_leaveTheLogIntactAndVerifying() throws {
        let log = try makeLog(directory.path("log.sqlite"))
        try log.append([NewEvent(streamID: "a", type: "x.y", payload: [1])])
        XCTAssertThrowsError(try log.append([NewEvent(streamID: "a\0b", type: "x.y", payload: [])]))
        XCTAssertThrowsError(try log.append([NewEvent(streamID: "evil\0stream", type: "x\0y", payload: [])]))
        try log.append([NewEvent(streamID: "b", type: "x.y", payload: [2])])
        XCTAssertEqual(try log.events().map(\.streamID), ["a", "b"])
        let report = try log.verify()
        XCTAssertNil(report.problem, report.problem?.message ?? "")
        XCTAssertEqual(report.eventsChecked, 2)
    }

    func test_import_refusesANULName_namingTheField_andWritesNothing() throws {
        let log = try makeLog(directory.path("log.sqlite"))
        try log.append([NewEvent(streamID: "a", type: "x.y", payload: [1])])
        let stored = try log.events()
        var chain = HashChain()
        var previous = try XCTUnwrap(log.headHash().flatMap { [UInt8](hexString: $0) })
        func imported(_ stream: String, _ type: String, key: String? = nil) -> (event: RecordedEvent, hash: [UInt8]) {
            let event = RecordedEvent(
                sequence: 2, streamID: stream, position: stream == "a" ? 2 : 1, type: type, schemaVersion: 1,
                recordedAt: .epoch, correlationID: nil, causationID: nil, idempotencyKey: key, payload: []
            )
            return (event, chain.hash(event, previous: previous))
        }
        for (line, message) in [
            (imported("a\0b", "x.y"), "stream id \"a\\0b\" contains a NUL character"),
            (imported("a", "x\0y"), "event type \"x\\0y\" contains a NUL character"),
            (imported("a", "x.y", key: "k\0"), "idempotency key \"k\\0\" contains a NUL character"),
        ] {
            var lines = [line]
            XCTAssertThrowsError(try log.importEvents { lines.popLast() }) { XCTAssertEqual("\($0)", message) }
        }
        XCTAssertEqual(try log.events(), stored)
        XCTAssertNil(try log.verify().problem)
        previous = try XCTUnwrap(log.headHash().flatMap { [UInt8](hexString: $0) })
        var good = [imported("b", "x.y")]
        XCTAssertEqual(try log.importEvents { good.popLast() }, 1)
    }

    func test_rawTextBinding_keepsEveryByte() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            let prepared = try db.makeStatement(sql: "SELECT ?, length(CAST(? AS BLOB))")
            let statement = prepared.sqliteStatement
            for text in ["a\0b", "", "évité\0"] {
                sqlite3_reset(statement)
                SQLiteRaw.bind(statement, 1, text)
                SQLiteRaw.bind(statement, 2, text)
                XCTAssertTrue(try SQLiteRaw.step(statement, db))
                XCTAssertEqual(SQLiteRaw.text(statement, 0).map { Array($0.utf8) }, Array(text.utf8))
                XCTAssertEqual(sqlite3_column_int64(statement, 1), Int64(text.utf8.count))
            }
            withExtendedLifetime(prepared) {}
        }
    }
}
