import EventLog
import EventLogSQLite
import EventLogTestSupport
import LedgerDemo
import Crypto
import Foundation
import GRDB
import PlatformKit
import XCTest

/// Corruption, snapshots and interop with the real `sqlite3` and `zstd` tools.
final class IntegrityTests: XCTestCase {
    let directory = TemporaryDirectory()

    /// A log of `count` ledger events over three streams, closed (checkpointed) on return.
    func writeLedger(_ name: String, count: Int, snapshotEvery: Int64? = nil) throws -> String {
        let path = directory.path(name)
        let log = try makeLog(path, runLength: 8)
        let runner = try ProjectionRunner(LedgerProjection(), log: log, snapshots: log, policy: snapshotEvery.map { .every($0) } ?? .never)
        for index in 1...count {
            try log.append([Deposited(account: "a\(index % 3)", amount: Int64(index), memo: "memo \(index)").newEvent(stream: "acct-\(index % 3)")])
            try runner.catchUp()
        }
        try log.close()
        return path
    }

    func sqlite3(_ path: String, _ sql: String) throws -> String {
        let result = try runProcess("/usr/bin/sqlite3", [path, sql])
        XCTAssertEqual(result.status, 0, result.error)
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func test_verify_findsAFlippedPayloadByte() throws {
        let path = try writeLedger("flip.sqlite", count: 20)
        // Each event was appended alone: block 5 holds event 5 as it is, its payload last.
        var block = Array(try sqlite3(path, "SELECT hex(data) FROM event_blocks WHERE first_seq = 5;").utf8)
        let digit = block.count - 3
        block[digit] = block[digit] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        _ = try sqlite3(path, """
            DROP TRIGGER event_blocks_are_append_only_update;
            UPDATE event_blocks SET data = X'\(String(decoding: block, as: UTF8.self))' WHERE first_seq = 5;
            """)
        let report = try makeLog(path).verify()
        XCTAssertEqual(report.problem?.sequence, 5)
        XCTAssertTrue(report.problem?.message.contains("hash chain") ?? false, "\(String(describing: report.problem))")
    }

    func test_verify_findsARowDeletedWithTheSQLiteTool() throws {
        let path = try writeLedger("delete.sqlite", count: 20)
        _ = try sqlite3(path, "DROP TRIGGER event_blocks_are_append_only_delete; DELETE FROM event_blocks WHERE first_seq = 7;")
        let report = try makeLog(path).verify()
        XCTAssertEqual(report.problem?.sequence, 7)
        XCTAssertTrue(report.problem?.message.contains("gap") ?? false, "\(String(describing: report.problem))")
    }

    /// A stream read whole whose event was deleted from the log's unindexed tail is corrupt, not
    /// a stream one event shorter (the feature tools' `--log` readers counted one push less).
    func test_aStreamMissingAnEvent_isReadAsCorrupt() throws {
        let path = try writeLedger("gap.sqlite", count: 23)
        XCTAssertLessThan(Int(try sqlite3(path, "SELECT value FROM meta WHERE key = 'indexed_through';")) ?? 0, 19, "event 19 is in the unindexed tail")
        _ = try sqlite3(path, "DROP TRIGGER event_blocks_are_append_only_delete; DELETE FROM event_blocks WHERE first_seq = 19;")
        let log = try makeLog(path)
        XCTAssertThrowsError(try log.events(EventQuery(stream: "acct-1"))) { error in
            XCTAssertEqual((error as? EventLogError)?.code, .corrupt(sequence: 22))
            XCTAssertTrue("\(error)".contains("position 8, where 7 was expected"), "\(error)")
        }
        XCTAssertEqual(try log.events(EventQuery(stream: "acct-1", types: [Deposited.eventType])).count, 7, "a read of some types skips positions")
        XCTAssertEqual(try log.events(EventQuery(from: 20, stream: "acct-1")).map(\.position), [8])
        XCTAssertEqual(try log.events(EventQuery(stream: "acct-2")).map(\.position), Array(1...8))
    }

    func test_truncatedFile_isReportedClearly_neverACrash() throws {
        let path = try writeLedger("truncated.sqlite", count: 400)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(size / 2))
        try handle.close()
        do {
            let log = try makeLog(path)
            let report = try log.verify()
            XCTAssertFalse(report.isValid, "a truncated log must not verify")
        } catch let error as EventLogError {
            XCTAssertTrue(error.description.contains(path), error.description)
        }
    }

    func test_open_refusesMissingFileOtherFilesAndNewerFormats() throws {
        let missing = directory.path("missing.sqlite")
        XCTAssertThrowsError(try SQLiteEventLog(path: missing, clock: .constant(.epoch), options: .init(createIfMissing: false))) {
            XCTAssertEqual("\($0)", "\(missing): no such file")
        }
        let garbage = directory.path("garbage.sqlite")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: URL(fileURLWithPath: garbage))
        XCTAssertThrowsError(try makeLog(garbage)) { XCTAssertTrue("\($0)".contains("not an event log"), "\($0)") }
        // Shorter than SQLite's header: refused, and left as it was (SQLite alone would take it
        // for an empty database and write a log over it).
        let short = directory.path("short.txt")
        try Data("x".utf8).write(to: URL(fileURLWithPath: short))
        XCTAssertThrowsError(try makeLog(short)) { XCTAssertEqual("\($0)", "\(short): not an event log (file is not a database)") }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: short)), Data("x".utf8))
        let empty = directory.path("empty.sqlite")
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        XCTAssertThrowsError(try SQLiteEventLog(path: empty, clock: .constant(.epoch), options: .init(createIfMissing: false))) {
            XCTAssertEqual("\($0)", "\(empty): not an event log (an empty file)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: empty)).count, 0)
        XCTAssertNoThrow(try makeLog(empty), "an empty file is a new log when the caller may create one")
        let folder = directory.path("folder.sqlite")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for createIfMissing in [false, true] {
            XCTAssertThrowsError(try SQLiteEventLog(path: folder, clock: .constant(.epoch), options: .init(createIfMissing: createIfMissing))) {
                XCTAssertEqual("\($0)", "\(folder): is a directory, not an event log")
            }
        }
        let other = directory.path("other.sqlite")
        _ = try sqlite3(other, "CREATE TABLE t(x);")
        XCTAssertThrowsError(try makeLog(other)) { XCTAssertTrue("\($0)".contains("not an event log"), "\($0)") }
        let newer = try writeLedger("newer.sqlite", count: 1)
        _ = try sqlite3(newer, "UPDATE meta SET value = 99 WHERE key = 'format_version';")
        XCTAssertThrowsError(try makeLog(newer)) { XCTAssertTrue("\($0)".contains("newer"), "\($0)") }
    }

    func test_corruptSnapshot_isSkipped_andReplayFallsBackToAnOlderOne() throws {
        let path = try writeLedger("snap.sqlite", count: 30, snapshotEvery: 10)
        _ = try sqlite3(path, "UPDATE snapshot_data SET \(Self.flippingTheFramesLastByte) WHERE snapshot_id IN (SELECT id FROM snapshots WHERE sequence = 30);")
        let log = try makeLog(path)
        let fromSnapshot = try LedgerProjection().replay(log, snapshots: log)
        XCTAssertEqual(fromSnapshot.snapshot?.sequence, 20)
        XCTAssertEqual(fromSnapshot.warnings.count, 1)
        XCTAssertTrue(fromSnapshot.warnings[0].contains("checksum"), fromSnapshot.warnings[0])
        XCTAssertEqual(fromSnapshot.state, try LedgerProjection().replay(log).state)
        XCTAssertEqual(try log.verify().problem?.sequence, 30)
    }

    func test_verify_replaysProjectionsAndComparesEverySnapshot() throws {
        let path = try writeLedger("replay.sqlite", count: 25, snapshotEvery: 5)
        let log = try makeLog(path)
        var progress: [(Int64, Int64)] = []
        let good = try log.verify(projections: [LedgerProjection()]) { progress.append(($0, $1)) }
        XCTAssertTrue(good.isValid, "\(String(describing: good.problem))")
        XCTAssertEqual(progress.map(\.1), Array(repeating: 25, count: progress.count))
        XCTAssertEqual(progress.map(\.0), progress.map(\.0).sorted())
        XCTAssertEqual(progress.last?.0, 25)
        XCTAssertEqual(good.projectionsReplayed, ["demo.ledger"])
        XCTAssertEqual(good.snapshotsChecked, 5)
        XCTAssertEqual(good.states["demo.ledger"] as? LedgerProjection.State, try LedgerProjection().replay(log).state)
        let wrong = LedgerProjection.State(balances: ["a0": -1], eventCount: 3, lastSequence: 25)
        try log.saveSnapshot(projection: "demo.ledger", version: 1, sequence: 25, state: BinaryEncoder().encode(wrong))
        let bad = try log.verify(projections: [LedgerProjection()])
        XCTAssertEqual(bad.problem?.sequence, 25)
        XCTAssertTrue(bad.problem?.message.contains("differs") ?? false)
    }

    /// The checks run concurrently; whichever ends first, the report names the problem at the
    /// lowest sequence number.
    func test_verify_namesTheEarliestProblem_inTheEventsOrInASnapshot() throws {
        let wrong = try BinaryEncoder().encode(LedgerProjection.State(balances: ["a0": -1], eventCount: 1, lastSequence: 1))
        for (snapshotAt, brokenAt) in [(Int64(10), Int64(20)), (20, 10)] {
            let path = try writeLedger("earliest-\(snapshotAt).sqlite", count: 25, snapshotEvery: 5)
            try makeLog(path).saveSnapshot(projection: "demo.ledger", version: 1, sequence: snapshotAt, state: wrong)
            _ = try sqlite3(path, """
                DROP TRIGGER event_blocks_are_append_only_update;
                UPDATE event_blocks SET last_hash = zeroblob(32) WHERE first_seq = \(brokenAt);
                """)
            let report = try makeLog(path).verify(projections: [LedgerProjection()])
            XCTAssertEqual(report.problem?.sequence, min(snapshotAt, brokenAt))
            let expected = snapshotAt < brokenAt ? "differs" : "hash chain"
            XCTAssertTrue(report.problem?.message.contains(expected) ?? false, "\(String(describing: report.problem))")
        }
    }

    /// A snapshot prepared in chunks (compressed as they come, its long regions' lengths in gaps)
    /// loads as the whole encoding.
    func test_aSnapshotPreparedInChunks_loadsAsTheWholeEncoding() throws {
        let log = try makeLog(directory.path("chunks.sqlite"))
        let state = LedgerProjection.State(
            balances: Dictionary(uniqueKeysWithValues: (0..<100_000).map { ("account-\($0)", Int64($0 * 3)) }), eventCount: 7, lastSequence: 0
        )
        let whole = try LedgerProjection().encodeState(state)
        XCTAssertGreaterThan(whole.count, 1 << 20)
        let prepared = try log.prepareSnapshot(projection: "demo.ledger", version: 1, sequence: 0) { sink in
            try LedgerProjection().encodeState(state, inChunksOf: 4_096, to: sink)
        }
        XCTAssertEqual(prepared.stateSize, whole.count)
        XCTAssertLessThan(prepared.stored.count, whole.count / 2)
        let info = try log.saveSnapshot(prepared)
        XCTAssertEqual(try log.loadState(info), whole)
        XCTAssertEqual(info.storedSize, prepared.stored.count)
    }

    /// The snapshot level is the writer's choice: a state stored at any level loads the same for a
    /// reader opened with the default options, and a level out of zstd's range is refused when a
    /// snapshot is taken, storing nothing.
    func test_snapshotsAtAnyCompressionLevel_loadTheSameState_forAnyReader() throws {
        let state = try LedgerProjection().encodeState(LedgerProjection.State(
            balances: Dictionary(uniqueKeysWithValues: (0..<20_000).map { ("account-\($0)", Int64($0 * 3)) }), eventCount: 7, lastSequence: 0
        ))
        func writer(_ name: String, level: Int) throws -> SQLiteEventLog {
            try SQLiteEventLog(path: directory.path(name), clock: .constant(.epoch), options: SQLiteEventLogOptions(snapshotCompressionLevel: level))
        }
        var storedSizes: [Int] = []
        for level in [1, 3, 19] {
            let log = try writer("level\(level).sqlite", level: level)
            storedSizes.append(try log.saveSnapshot(projection: "demo.ledger", version: 1, sequence: 0, state: state).storedSize)
            try log.close()
            let reader = try makeLog(directory.path("level\(level).sqlite"))
            XCTAssertEqual(try reader.loadState(XCTUnwrap(reader.allSnapshots().first)), state, "level \(level)")
        }
        XCTAssertLessThan(storedSizes[2], storedSizes[0], "level 19 stores fewer bytes than level 1")
        let refusing = try writer("level99.sqlite", level: 99)
        XCTAssertThrowsError(try refusing.saveSnapshot(projection: "demo.ledger", version: 1, sequence: 0, state: state)) { error in
            XCTAssertTrue("\(error)".contains("compression level 99 is outside"), "\(error)")
        }
        XCTAssertEqual(try refusing.allSnapshots().count, 0)
    }

    func test_aPreparedSnapshotWithAGapNeverFilled_orPastTheSizeLimit_isRefused() throws {
        let log = try makeLog(directory.path("refused.sqlite"))
        XCTAssertThrowsError(try log.prepareSnapshot(projection: "p", version: 1, sequence: 0) { sink in
            try [UInt8](repeating: 1, count: 4).withUnsafeBytes { try sink.write($0) }
            try sink.gap()
        }) { error in
            XCTAssertTrue("\(error)".contains("never filled"), "\(error)")
        }
        let small = try SQLiteEventLog(
            path: directory.path("small.sqlite"), clock: .constant(.epoch), options: SQLiteEventLogOptions(maxSnapshotSize: 1_000)
        )
        XCTAssertThrowsError(try small.saveSnapshot(projection: "p", version: 1, sequence: 0, state: [UInt8](repeating: 1, count: 1_001))) { error in
            XCTAssertTrue("\(error)".contains("exceeds the 1000-byte limit"), "\(error)")
        }
        XCTAssertEqual(try small.saveSnapshot(projection: "p", version: 1, sequence: 0, state: [UInt8](repeating: 1, count: 1_000)).stateSize, 1_000)
        XCTAssertEqual(try log.allSnapshots().count, 0)
        XCTAssertEqual(try small.allSnapshots().count, 1)
    }

    func test_sqlite3Tool_opensTheLog_andZstdToolDecompressesASnapshot() throws {
        let path = try writeLedger("interop.sqlite", count: 12, snapshotEvery: 12)
        XCTAssertEqual(try sqlite3(path, "PRAGMA integrity_check;"), "ok")
        XCTAssertEqual(try sqlite3(path, "SELECT SUM(last_seq - first_seq + 1) FROM event_blocks;"), "12")
        let blob = directory.path("snapshot.zst")
        _ = try sqlite3(path, "SELECT writefile('\(blob)', data) FROM snapshot_data LIMIT 1;")
        let output = directory.path("snapshot.state")
        let decompressed = try runProcess("/usr/bin/zstd", ["-d", "-q", "-f", blob, "-o", output])
        XCTAssertEqual(decompressed.status, 0, decompressed.error)
        let log = try makeLog(path)
        let info = try XCTUnwrap(log.allSnapshots().first)
        let stored = try log.loadState(info)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: output))), stored, "the zstd tool restores exactly the encoded state")
        let state = try LedgerProjection().decodeState(stored)
        XCTAssertEqual(state, try LedgerProjection().replay(log).state)
    }

    /// A snapshot is checked by its frame's content checksum: a frame without one, or whose content
    /// does not match it, is refused.
    func test_aFrameWithoutItsChecksum_orWithAnotherChecksum_isRefused() throws {
        let path = try writeLedger("stored.sqlite", count: 12, snapshotEvery: 12)
        XCTAssertEqual(try sqlite3(path, "SELECT DISTINCT checksum_of FROM snapshots;"), "frame")
        let info = try XCTUnwrap(makeLog(path).allSnapshots().first)
        _ = try sqlite3(path, "UPDATE snapshot_data SET \(Self.flippingTheFramesLastByte);")
        XCTAssertThrowsError(try makeLog(path).loadState(info)) { XCTAssertEqual("\($0)", "snapshot \(info.id): checksum mismatch") }
        // Same length, other bytes: not even a frame.
        _ = try sqlite3(path, "UPDATE snapshot_data SET data = zeroblob(length(data));")
        XCTAssertThrowsError(try makeLog(path).loadState(info)) { XCTAssertEqual("\($0)", "snapshot \(info.id): checksum mismatch") }
        _ = try sqlite3(path, "UPDATE snapshots SET checksum_of = 'md5';")
        XCTAssertThrowsError(try makeLog(path).loadState(info)) {
            XCTAssertEqual("\($0)", "snapshot \(info.id): unknown checksum kind 'md5'")
        }
    }

    /// The last byte of a snapshot's frame (its checksum's) changed, the rest the same.
    private static let flippingTheFramesLastByte = """
        data = substr(data, 1, length(data) - 1) || CASE WHEN substr(data, -1) = X'00' THEN X'01' ELSE X'00' END
        """

    /// A log of format 3 (its snapshots checked by the SHA-256 of their stored bytes) is upgraded
    /// when opened, and its snapshots still load, checked as before.
    func test_aFormat3Log_isUpgraded_andItsSnapshotsOfStoredSHA256StillLoad() throws {
        let path = try writeLedger("format3.sqlite", count: 12, snapshotEvery: 12)
        let written = try makeLog(path)
        let info = try XCTUnwrap(written.allSnapshots().first)
        let state = try written.loadState(info)
        try written.close()
        _ = try sqlite3(path, Self.keepingSnapshotDataInTheirRows)
        let stored = try XCTUnwrap(sqlite3(path, "SELECT hex(data) FROM snapshots;"))
        let storedChecksum = SHA256.hash(data: Self.bytes(hex: stored)).map { String(format: "%02X", $0) }.joined()
        _ = try sqlite3(path, """
            UPDATE snapshots SET checksum = X'\(storedChecksum)', checksum_of = 'stored';
            DELETE FROM grdb_migrations WHERE identifier IN ('v5', 'v6');
            UPDATE meta SET value = 3 WHERE key = 'format_version';
            """)
        let log = try makeLog(path)
        XCTAssertEqual(try log.statistics(byType: false).formatVersion, 5)
        XCTAssertEqual(try log.loadState(info), state)
        try log.close()
        _ = try sqlite3(path, "UPDATE snapshots SET checksum = zeroblob(32);")
        XCTAssertThrowsError(try makeLog(path).loadState(info)) { XCTAssertEqual("\($0)", "snapshot \(info.id): checksum mismatch") }
    }

    /// Turns a log back into format 4: each snapshot's stored bytes in its own row.
    private static let keepingSnapshotDataInTheirRows = """
        UPDATE snapshots SET data = (SELECT d.data FROM snapshot_data d WHERE d.snapshot_id = snapshots.id);
        DROP TABLE snapshot_data;
        DELETE FROM grdb_migrations WHERE identifier = 'v6';
        UPDATE meta SET value = 4 WHERE key = 'format_version';

        """

    /// A log of format 4 (each snapshot's bytes in its row) is upgraded when opened: its snapshots
    /// load and are listed and counted with their stored size, and new ones go to `snapshot_data`.
    func test_aFormat4Log_isUpgraded_andItsSnapshotsStillLoad() throws {
        let path = try writeLedger("format4.sqlite", count: 24, snapshotEvery: 12)
        let written = try makeLog(path)
        let infos = try written.allSnapshots()
        let states = try infos.map(written.loadState)
        let statistics = try written.statistics(byType: false)
        try written.close()
        _ = try sqlite3(path, Self.keepingSnapshotDataInTheirRows)
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM snapshots WHERE length(data) > 0;"), "2")

        let log = try makeLog(path)
        XCTAssertEqual(try log.statistics(byType: false).formatVersion, 5)
        XCTAssertEqual(try log.allSnapshots(), infos)
        XCTAssertEqual(try infos.map(log.loadState), states)
        XCTAssertEqual(try log.statistics(byType: false).snapshotCompressionRatio, statistics.snapshotCompressionRatio)
        let added = try log.saveSnapshot(projection: "demo.other", version: 1, sequence: 24, state: states[1])
        XCTAssertEqual(try log.loadState(added), states[1])
        try log.close()
        XCTAssertEqual(try sqlite3(path, "SELECT length(data) FROM snapshots WHERE id = \(added.id);"), "0")
        XCTAssertEqual(try sqlite3(path, "SELECT length(data) FROM snapshot_data WHERE snapshot_id = \(added.id);"), "\(added.storedSize)")
    }

    /// Stored bytes are written into their blob a megabyte at a time: a frame of a few megabytes,
    /// not a whole number of pieces, comes back byte for byte.
    func test_aSnapshotOfSeveralPieces_loadsByteForByte() throws {
        let log = try makeLog(directory.path("pieces.sqlite"))
        var random = SeededGenerator(seed: 5)
        let state = (0..<(3 << 20) + 17).map { _ in UInt8.random(in: 0...255, using: &random) }
        let info = try log.saveSnapshot(projection: "demo.random", version: 1, sequence: 0, state: state)
        XCTAssertGreaterThan(info.storedSize, 3 << 20)
        XCTAssertEqual(try log.allSnapshots().first?.storedSize, info.storedSize)
        XCTAssertEqual(try log.loadState(info), state)
    }

    private static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    func test_anUnknownSnapshot_isNamed_andTheNextLoadStillWorks() throws {
        let log = try makeLog(try writeLedger("unknown.sqlite", count: 12, snapshotEvery: 6))
        let known = try XCTUnwrap(log.allSnapshots().first)
        let unknown = SnapshotInfo(id: 999, projection: known.projection, projectionVersion: 1, sequence: 1, stateSize: 1, storedSize: 1, createdAt: .epoch)
        XCTAssertThrowsError(try log.loadState(unknown)) { XCTAssertTrue("\($0)".contains("no snapshot with id 999"), "\($0)") }
        XCTAssertEqual(try LedgerProjection().decodeState(log.loadState(known)).lastSequence, known.sequence)
    }

    /// A log of format 2 (its snapshots' checksums of their encoded states) is upgraded when
    /// opened, and its snapshots still load, checked as before.
    func test_aFormat2Log_isUpgraded_andItsSnapshotsOfTheStateStillLoad() throws {
        let path = try writeLedger("format2.sqlite", count: 12, snapshotEvery: 12)
        let written = try makeLog(path)
        let state = try written.loadState(XCTUnwrap(written.allSnapshots().first))
        try written.close()
        let stateChecksum = SHA256.hash(data: state).map { String(format: "%02X", $0) }.joined()
        _ = try sqlite3(path, Self.keepingSnapshotDataInTheirRows + """
            DROP INDEX snapshots_listing;
            ALTER TABLE snapshots DROP COLUMN checksum_of;
            UPDATE snapshots SET checksum = X'\(stateChecksum)';
            DELETE FROM grdb_migrations WHERE identifier IN ('v3', 'v4', 'v5');
            UPDATE meta SET value = 2 WHERE key = 'format_version';
            """)
        let log = try makeLog(path)
        XCTAssertEqual(try log.statistics(byType: false).formatVersion, 5)
        let info = try XCTUnwrap(log.allSnapshots().first)
        XCTAssertEqual(try log.loadState(info), state)
        XCTAssertEqual(try LedgerProjection().replay(log, snapshots: log).snapshot?.id, info.id)
        try log.close()
        _ = try sqlite3(path, "UPDATE snapshots SET checksum = zeroblob(32);")
        XCTAssertThrowsError(try makeLog(path).loadState(info)) { XCTAssertTrue("\($0)".contains("checksum mismatch"), "\($0)") }
    }
}

