import EventLog
import Foundation
import GRDB
import GRDBSQLite
import PlatformKit
import Zstd

extension SQLiteEventLog: SnapshotStore {
    private static let snapshotColumns = """
        id, projection, projection_version, sequence, state_size,
        length(data) + COALESCE((SELECT length(d.data) FROM snapshot_data d WHERE d.snapshot_id = snapshots.id), 0), created_at
        """

    public func snapshots(of projection: String) throws -> [SnapshotInfo] {
        try reading { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Self.snapshotColumns) FROM snapshots WHERE projection = ? ORDER BY sequence DESC, id DESC
                """, arguments: [projection]).map(Self.snapshotInfo)
        }
    }

    public func allSnapshots() throws -> [SnapshotInfo] {
        try reading { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.snapshotColumns) FROM snapshots ORDER BY id").map(Self.snapshotInfo)
        }
    }

    /// Decompresses the snapshot's state as its stored bytes are read from their blob, a piece at a
    /// time, checked by its zstd frames' content checksums (or, for a snapshot written before
    /// format 4, by the SHA-256 it stored).
    public func loadState(_ snapshot: SnapshotInfo) throws -> [UInt8] {
        let loaded = try reading { db in
            // The stored bytes are in `snapshot_data` since format 5, in `snapshots.data` before.
            let statement = try db.cachedStatement(sql: """
                SELECT s.id, s.checksum, s.state_size, s.checksum_of, d.snapshot_id IS NOT NULL
                FROM snapshots s LEFT JOIN snapshot_data d ON d.snapshot_id = s.id WHERE s.id = ?
                """)
            try statement.setArguments([snapshot.id])
            let raw = statement.sqliteStatement
            defer { sqlite3_reset(raw) }
            guard try SQLiteRaw.step(raw, db) else { return nil as [UInt8]? }
            let check = try SnapshotCheck(id: snapshot.id, kind: SQLiteRaw.text(raw, 3) ?? "", checksum: SQLiteRaw.blob(raw, 1))
            let table = sqlite3_column_int(raw, 4) != 0 ? "snapshot_data" : "snapshots"
            return try check.state(size: Int(sqlite3_column_int64(raw, 2)), limit: options.maxSnapshotSize) { piece in
                try SQLiteRaw.readBlob(table: table, column: "data", row: snapshot.id, db, piece)
            }
        }
        guard let loaded else { throw EventLogError(.invalidInput, "\(path): no snapshot with id \(snapshot.id)") }
        return loaded
    }

    /// Compresses `state` with zstd into a frame that carries its checksum, and stores it (a
    /// state larger than `options.maxSnapshotSize` is refused).
    ///
    /// `state` is released once compressed, and the compressed bytes are written into their blob
    /// a piece at a time, so storing a large state holds it once and its compressed form once.
    @discardableResult
    public func saveSnapshot(projection: String, version: Int, sequence: Int64, state: consuming some ContiguousBytes) throws -> SnapshotInfo {
        let prepared = try state.withUnsafeBytes { bytes in
            try prepareSnapshot(projection: projection, version: version, sequence: sequence) { sink in try sink.write(bytes) }
        }
        _ = consume state
        return try saveSnapshot(prepared)
    }

    /// Compresses the encoding chunk by chunk as `encode` hands it over (the snapshot holds its
    /// compressed form, never the whole encoding), into zstd frames that each carry the checksum
    /// of their content; a gap becomes a frame of its own. A state larger than
    /// `options.maxSnapshotSize`, which could not be loaded, is refused.
    public func prepareSnapshot(projection: String, version: Int, sequence: Int64, encode: (EncodedStateSink) throws -> Void) throws -> PreparedSnapshot {
        let frames = try ZstdFramesWriter(level: options.snapshotCompressionLevel, maxContentSize: options.maxSnapshotSize)
        do {
            try encode(EncodedStateSink(
                write: { try frames.write($0) },
                gap: { _ = try frames.gap() },
                fill: { try frames.fill($0, with: $1) }
            ))
        } catch let error as ZstdError where error.code == .sizeLimitExceeded {
            throw EventLogError(.invalidInput, "snapshot of \(projection): the state exceeds the \(options.maxSnapshotSize)-byte limit")
        }
        let stored = try frames.finish()
        return PreparedSnapshot(
            projection: projection, version: version, sequence: sequence, stateSize: frames.contentSize, stored: stored
        )
    }

    /// Stores a snapshot made by `prepareSnapshot` (or `saveSnapshot(projection:version:sequence:state:)`),
    /// created at its `createdAt`, else at the clock's time.
    @discardableResult
    public func saveSnapshot(_ prepared: PreparedSnapshot) throws -> SnapshotInfo {
        try requireWritable()
        let createdAt = prepared.createdAt ?? clock.now()
        let arguments: StatementArguments = [prepared.projection, prepared.version, prepared.sequence, prepared.stateSize]
        do {
            return try pool.write { db in
                try Self.insertSnapshot(db, arguments, prepared.stored, createdAt: createdAt)
                return SnapshotInfo(
                    id: db.lastInsertedRowID, projection: prepared.projection, projectionVersion: prepared.version,
                    sequence: prepared.sequence, stateSize: prepared.stateSize, storedSize: prepared.stored.count, createdAt: createdAt
                )
            }
        } catch {
            throw Self.mapped(error, path: path)
        }
    }

    /// Inserts a snapshot row, and its stored bytes in `snapshot_data`: a zero-filled blob of
    /// their size (which SQLite writes without building it in memory), then overwritten in pieces.
    private static func insertSnapshot(_ db: Database, _ arguments: StatementArguments, _ data: Data, createdAt: Instant) throws {
        try db.execute(sql: """
            INSERT INTO snapshots(projection, projection_version, sequence, state_size, checksum, created_at, data, checksum_of)
            VALUES (?, ?, ?, ?, X'', ?, X'', 'frame')
            """, arguments: arguments + [createdAt.millisecondsSinceEpoch])
        let id = db.lastInsertedRowID
        try db.execute(sql: "INSERT INTO snapshot_data(snapshot_id, data) VALUES (?, zeroblob(?))", arguments: [id, data.count])
        try data.withUnsafeBytes { bytes in try SQLiteRaw.writeBlob(bytes, table: "snapshot_data", column: "data", row: id, db) }
    }

    /// The snapshot a row of `snapshotColumns` describes. The table takes a value of any type in
    /// any column: one of the wrong type makes the snapshot damaged, and its field 0 or empty.
    private static func snapshotInfo(_ row: Row) -> SnapshotInfo {
        var wrong: [String] = []
        func integer(_ index: Int, _ column: String) -> Int64 {
            let stored: DatabaseValue = row[index]
            if case .int64(let value) = stored.storage { return value }
            wrong.append("\(column) is \(stored)")
            return 0
        }
        let projection: DatabaseValue = row[1]
        var name = ""
        if case .string(let text) = projection.storage { name = text } else { wrong.append("projection is \(projection)") }
        var info = SnapshotInfo(
            id: integer(0, "id"), projection: name, projectionVersion: Int(integer(2, "projection_version")),
            sequence: integer(3, "sequence"), stateSize: Int(integer(4, "state_size")), storedSize: Int(integer(5, "data's size")),
            createdAt: Instant(millisecondsSinceEpoch: integer(6, "created_at"))
        )
        if !wrong.isEmpty { info.damage = "damaged row: \(wrong.joined(separator: ", ")), of the wrong type" }
        return info
    }
}
