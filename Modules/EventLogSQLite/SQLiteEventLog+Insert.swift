import EventLog
import GRDB
import GRDBSQLite
import PlatformKit

extension SQLiteEventLog {
    /// Rows the writer takes from a prepared batch at a time.
    static let rowsPerTake = 64

    /// Writes a prepared batch as its blocks become ready.
    func insert(_ batch: PreparedBatch, _ db: Database) throws {
        var index = 0
        while true {
            let written = try batch.withRows(from: index, upTo: Self.rowsPerTake) { rows, hashes in
                try insert(rows, of: batch.events, hashes: hashes, db)
            }
            guard written > 0 else { return }
            index += written
        }
    }

    /// Writes what `rows` of `events` add to the log: their new streams and types, their
    /// idempotency keys, and the block starting at each row that starts one. `hashes` holds their
    /// chain hashes, 32 bytes each, through the end of the last row's block.
    ///
    /// Blocks are bound without copying: they must stay in place until the statement is stepped.
    func insert(_ rows: UnsafeBufferPointer<PreparedBatch.Row>, of events: EventBatch, hashes: UnsafeRawPointer, _ db: Database) throws {
        try events.entries.withUnsafeBufferPointer { entries in
            for index in rows.indices {
                let row = rows.baseAddress! + index
                let entry = entries.baseAddress! + row.pointee.entry
                if row.pointee.isNewStream {
                    try insertName("INSERT INTO streams(id, name, version) VALUES (?, ?, 0)", id: row.pointee.streamID, name: entry.pointee.streamID, db)
                }
                if row.pointee.isNewType {
                    try insertName("INSERT INTO event_types(id, name) VALUES (?, ?)", id: row.pointee.typeID, name: entry.pointee.type, db)
                }
                if let key = entry.pointee.idempotencyKey {
                    try insertName("INSERT INTO idempotency_keys(seq, key) VALUES (?, ?)", id: row.pointee.sequence, name: key, db)
                }
                if let block = row.pointee.block {
                    let lastHash = hashes + (index + row.pointee.blockEvents - 1) * 32
                    try insertBlock(block, first: row.pointee.sequence, events: row.pointee.blockEvents, dictionary: row.pointee.dictionaryID, lastHash: lastHash, db)
                }
            }
        }
    }

    /// Inserts a row with `sql`, which takes an integer and a text (a stream's or type's id and
    /// name, or an event's sequence and idempotency key). Bound directly: a stream is new for
    /// about one event in twenty.
    private func insertName(_ sql: String, id: Int64, name: String, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: sql).sqliteStatement
        sqlite3_reset(statement)
        sqlite3_bind_int64(statement, 1, id)
        SQLiteRaw.bind(statement, 2, name)
        _ = try SQLiteRaw.step(statement, db)
    }

    /// Inserts the block of `events` events starting at `first`, compressed against `dictionary`
    /// (0: stored as it is), whose last event's chain hash is the 32 bytes at `lastHash`.
    private func insertBlock(
        _ block: UnsafeRawBufferPointer, first: Int64, events: Int, dictionary: Int64, lastHash: UnsafeRawPointer, _ db: Database
    ) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO event_blocks(first_seq, last_seq, dictionary, last_hash, data) VALUES (?, ?, ?, ?, ?)
            """).sqliteStatement
        sqlite3_reset(statement)
        sqlite3_bind_int64(statement, 1, first)
        sqlite3_bind_int64(statement, 2, first + Int64(events) - 1)
        if dictionary == 0 { sqlite3_bind_null(statement, 3) } else { sqlite3_bind_int64(statement, 3, dictionary) }
        sqlite3_bind_blob(statement, 4, lastHash, 32, nil)
        // A non-nil pointer even for an empty block: the column is NOT NULL.
        sqlite3_bind_blob(statement, 5, block.baseAddress ?? lastHash, Int32(block.count), nil)
        _ = try SQLiteRaw.step(statement, db)
    }
}
