import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import PlatformKit
import XCTest

/// A log on storage this process cannot write to (a read-only mount; for other users, a directory
/// without write permission) is read in place by every `eventlog` reader; writes are refused in
/// one line.
extension EventLogCLITests {
    /// A read-only directory holding a copy of `log` (and of the files beside it named by
    /// `besides`' suffixes), and how to undo it.
    private func readOnlyCopy(of log: String, besides: [String] = []) throws -> (path: String, undo: () -> Void) {
        let mountPoint = directory.path("read-only")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let path = mountPoint + "/log.sqlite"
        let copy = { try ([""] + besides).forEach { try FileManager.default.copyItem(atPath: log + $0, toPath: path + $0) } }
        guard getuid() == 0 else {
            try copy()
            chmod(mountPoint, 0o555)
            return (path, { chmod(mountPoint, 0o755) })
        }
        // Root writes into any directory: only a read-only mount stops it.
        guard try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", mountPoint]).status == 0 else {
            throw XCTSkip("cannot mount a tmpfs here")
        }
        let undo = { _ = try? runProcess("/bin/umount", [mountPoint]) }
        try copy()
        guard try runProcess("/bin/mount", ["-o", "remount,ro", mountPoint]).status == 0 else {
            undo()
            throw XCTSkip("cannot remount a tmpfs read-only here")
        }
        return (path, undo)
    }

    func test_aLogOnReadOnlyStorage_isReadInPlace_andWritesAreRefused() throws {
        let log = try makeLedger()
        let (readOnly, undo) = try readOnlyCopy(of: log)
        defer { undo() }

        let verified = try eventlog("verify", readOnly)
        XCTAssertEqual(verified.status, 0, verified.error)
        XCTAssertEqual(try eventlog("cat", readOnly, "--json").output, try eventlog("cat", log, "--json").output)
        XCTAssertEqual(try eventlog("replay", readOnly, "--projection", "demo.ledger").output,
                       try eventlog("replay", log, "--projection", "demo.ledger").output)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: readOnly).deletingLastPathComponent().path), ["log.sqlite"])

        let export = try eventlog("export", log)
        let imported = try eventlog("import", readOnly, input: Data(export.output.utf8))
        XCTAssertEqual(imported.status, 1)
        let reason = getuid() == 0 ? "Read-only file system" : "Permission denied"
        XCTAssertEqual(imported.error, "eventlog: \(readOnly): cannot write: its directory is read-only (\(reason))\n")
    }

    func test_aWALHoldingEvents_withoutItsIndex_onReadOnlyStorage_isRefusedInOneLine() throws {
        let log = directory.path("live.sqlite")
        let writer = try SQLiteEventLog(path: log, clock: .constant(.epoch), options: .init(durability: .normal))
        try writer.append([NewEvent(streamID: "s", type: "demo.thing", schemaVersion: 1, payload: [1])])
        let (readOnly, undo) = try readOnlyCopy(of: log, besides: ["-wal"])
        defer { undo() }

        let cat = try eventlog("cat", readOnly)
        XCTAssertEqual(cat.status, 1)
        XCTAssertEqual(
            cat.error,
            "eventlog: \(readOnly): cannot open read-only: its -wal file holds events not yet copied into the log, and SQLite must make a -shm file beside it to read them; copy the log with its -wal to a writable place\n"
        )
        try writer.close()
    }
}
