import EventLog
import EventLogTestSupport
import Foundation
import PlatformKit
import XCTest

/// `eventlog import` refuses a line whose fields the log cannot store or show, in one line
/// naming the line and the field, and leaves the log as it was.
final class ImportCheckTests: XCTestCase {
    let directory = TemporaryDirectory()
    var tool: String { productsDirectory().appendingPathComponent("eventlog").path }

    /// Imports `lines` into `log` from standard input.
    func importing(_ lines: [String], into log: String) throws -> (status: Int32, output: String, error: String) {
        try runProcess(tool, ["import", log], input: Data(lines.joined(separator: "\n").utf8))
    }

    func test_aNULInAStreamTypeOrKey_isRefused_andTheLogBeforeStaysIntact() throws {
        let log = directory.path("log.sqlite")
        let streams = ["a", "b", "a", "evil\0stream", "a\0b"]
        let stored = try chainedLines(Array(streams.prefix(3)))
        XCTAssertEqual(try importing(stored, into: log).status, 0)
        let refusals: [(lines: [String], message: String)] = [
            (try chainedLines(Array(streams.prefix(4))), "stdin:1: stream id \"evil\\0stream\" contains a NUL character"),
            (try chainedLines(["a", "b", "a", "a\0b"]), "stdin:1: stream id \"a\\0b\" contains a NUL character"),
            (try chainedLines(["a", "b", "a", "b"]) { if $0 == 3 { $1.type = "x\0y" } }, "stdin:1: event type \"x\\0y\" contains a NUL character"),
            (try chainedLines(["a", "b", "a", "b"]) { if $0 == 3 { $1.idempotencyKey = "k\0" } }, "stdin:1: idempotency key \"k\\0\" contains a NUL character"),
        ]
        for (lines, message) in refusals {
            let refused = try importing(Array(lines.dropFirst(3)), into: log)
            XCTAssertEqual(refused.status, 1)
            XCTAssertEqual(refused.error, "eventlog: \(message)\n")
        }
        XCTAssertEqual(try runProcess(tool, ["verify", log]).status, 0)
        XCTAssertEqual(try runProcess(tool, ["export", log]).output, stored.joined(separator: "\n") + "\n")

        let new = directory.path("new.sqlite")
        let refused = try importing(try chainedLines(["a", "a\0b"]), into: new)
        XCTAssertEqual(refused.error, "eventlog: stdin:2: stream id \"a\\0b\" contains a NUL character\n")
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).contains { $0.hasPrefix("new.sqlite") }, "a refused new log leaves no file")
    }

    func test_aSchemaVersionOrTimeThatCannotBeStoredOrShown_isRefusedNamingTheField_andLeavesNoFile() throws {
        let refusals: [(change: (inout RecordedEvent) -> Void, message: String)] = [
            ({ $0.schemaVersion = -1 }, "stdin:2: event 'x.y': schema version -1 must be at least 1"),
            ({ $0.schemaVersion = 0 }, "stdin:2: event 'x.y': schema version 0 must be at least 1"),
            ({ $0.recordedAt = Instant(millisecondsSinceEpoch: .min) }, "stdin:2: field 'recordedAt' is -9223372036854775808, not a time from year 0000 through 9999"),
            ({ $0.recordedAt = Instant(millisecondsSinceEpoch: 253_402_300_800_000) }, "stdin:2: field 'recordedAt' is 253402300800000, not a time from year 0000 through 9999"),
        ]
        for (change, message) in refusals {
            let refused = try importing(try chainedLines(["a", "b", "a"]) { if $0 == 1 { change(&$1) } }, into: directory.path("new.sqlite"))
            XCTAssertEqual(refused.status, 1)
            XCTAssertEqual(refused.error, "eventlog: \(message)\n")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.url.path), [], "no log, -wal, -shm or .importing- file is left")
    }

    func test_aDuplicateIdempotencyKey_isReportedOnItsLine() throws {
        let lines = try chainedLines(["a", "b", "a", "b", "a", "b"]) { if [2, 5].contains($0) { $1.idempotencyKey = "k1" } }
        let log = directory.path("log.sqlite")
        XCTAssertEqual(try importing(lines, into: log).error, "eventlog: stdin:6: duplicate idempotency key k1 (first on line 3)\n")
        XCTAssertEqual(try importing(Array(lines.prefix(3)), into: log).status, 0)
        let again = try importing(Array(lines.dropFirst(3)), into: log)
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.error, "eventlog: stdin:3: event 6: idempotency key k1 is already in the log\n")
        XCTAssertEqual(try runProcess(tool, ["export", log]).output, lines.prefix(3).joined(separator: "\n") + "\n")
    }

    func test_aNumberNoInt64Holds_orALineNotAnObject_orAnEmptyPath_isNamed() throws {
        let lines = try chainedLines(["a", "b"])
        for (value, field) in [("1.5", "seq"), ("18446744073709551616", "seq")] {
            let line = lines[1].replacingOccurrences(of: "\"seq\":2", with: "\"seq\":\(value)")
            XCTAssertEqual(try importing([lines[0], line], into: directory.path("new.sqlite")).error,
                           "eventlog: stdin:2: field '\(field)' is not a whole number of 64 bits\n")
        }
        XCTAssertEqual(try importing([lines[0], "[1, 2]"], into: directory.path("new.sqlite")).error, "eventlog: stdin:2: not a JSON object\n")
        XCTAssertEqual(try importing(lines, into: "").error, "eventlog: the event log's path is empty\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.url.path), [])
    }
}
