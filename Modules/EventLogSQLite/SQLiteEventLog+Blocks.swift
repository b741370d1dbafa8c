import EventLog
import GRDB
import GRDBSQLite

/// Where the log's events are: rows of `events` (written before format 7), then blocks.
extension SQLiteEventLog {
    /// The last event's sequence number (0 for an empty log): every block follows every row.
    static let lastSequenceSQL = """
        SELECT COALESCE((SELECT last_seq FROM event_blocks ORDER BY first_seq DESC LIMIT 1), (SELECT MAX(seq) FROM events), 0)
        """

    /// The last event's chain hash, NULL for an empty log.
    static let headHashSQL = """
        SELECT COALESCE((SELECT last_hash FROM event_blocks ORDER BY first_seq DESC LIMIT 1), (SELECT hash FROM events ORDER BY seq DESC LIMIT 1))
        """

    /// The last event stored in a row of `events`, 0 for none.
    static func lastRowSequence(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(MAX(seq), 0) FROM events")) ?? 0
    }

    /// Calls `body` with each block holding events from `first` through `last`, in order, until it returns false.
    static func forEachBlock(
        from first: Int64, through last: Int64, _ reader: inout PayloadReader, _ db: Database, _ body: (EventBlock) throws -> Bool
    ) throws {
        let statement = try db.cachedStatement(sql: """
            SELECT first_seq, last_seq, dictionary, data, last_hash FROM event_blocks
            WHERE first_seq >= COALESCE((SELECT first_seq FROM event_blocks WHERE first_seq <= ?1 ORDER BY first_seq DESC LIMIT 1), ?1)
              AND first_seq <= ?2 AND last_seq >= ?1
            ORDER BY first_seq
            """).sqliteStatement
        sqlite3_reset(statement)
        defer { sqlite3_reset(statement) }
        sqlite3_bind_int64(statement, 1, first)
        sqlite3_bind_int64(statement, 2, last)
        while try SQLiteRaw.step(statement, db) {
            guard try body(reader.eventBlock(statement, db)) else { return }
        }
    }

    /// The block holding event `sequence`, nil when no block does.
    static func block(holding sequence: Int64, _ reader: inout PayloadReader, _ db: Database) throws -> EventBlock? {
        let statement = try db.cachedStatement(sql: """
            SELECT first_seq, last_seq, dictionary, data, last_hash FROM event_blocks WHERE first_seq <= ? ORDER BY first_seq DESC LIMIT 1
            """).sqliteStatement
        sqlite3_reset(statement)
        defer { sqlite3_reset(statement) }
        sqlite3_bind_int64(statement, 1, sequence)
        guard try SQLiteRaw.step(statement, db), sqlite3_column_int64(statement, 1) >= sequence else { return nil }
        return try reader.eventBlock(statement, db)
    }
}
