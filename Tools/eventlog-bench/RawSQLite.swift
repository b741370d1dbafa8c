import CommandLineSupport
import Foundation
import GRDBSQLite

/// The baseline: SQLite's C API with one prepared statement, one transaction per batch, a row
/// per event with the columns and bytes of the log's format 6 `events` table (the log now stores
/// blocks of events), no secondary index, and the same page size (16 KB), page cache and journal
/// settings as the log.
enum RawSQLite {
    struct Row {
        var stream: Int64
        var position: Int64
        var payload: [UInt8]
    }

    static func open(_ path: String, synchronous: String) -> OpaquePointer {
        var db: OpaquePointer?
        sqlite3_open(path, &db)
        exec(db!, "PRAGMA page_size = 16384; PRAGMA journal_mode = WAL; PRAGMA synchronous = \(synchronous); PRAGMA cache_size = -65536;")
        return db!
    }

    static func exec(_ db: OpaquePointer, _ sql: String) {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            fatalError("raw sqlite: \(String(cString: sqlite3_errmsg(db)))")
        }
    }

    /// Inserts `rows` in batches; returns events per second.
    static func append(_ rows: [Row], batch: Int, path: String, synchronous: String) -> Double {
        let db = open(path, synchronous: synchronous)
        defer { sqlite3_close(db) }
        exec(db, """
            CREATE TABLE events(seq INTEGER PRIMARY KEY, stream_id INTEGER NOT NULL, position INTEGER NOT NULL,
              type_id INTEGER NOT NULL, schema_version INTEGER NOT NULL, recorded_at INTEGER NOT NULL,
              correlation_id TEXT, causation_id TEXT, idempotency_key TEXT, payload BLOB NOT NULL, hash BLOB NOT NULL)
            """)
        var statement: OpaquePointer?
        sqlite3_prepare_v2(db, "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        let hash = [UInt8](repeating: 7, count: 32)
        let start = ContinuousClock.now
        var sequence: Int64 = 0
        for chunk in stride(from: 0, to: rows.count, by: batch) {
            exec(db, "BEGIN IMMEDIATE")
            for row in rows[chunk..<min(chunk + batch, rows.count)] {
                sequence += 1
                sqlite3_bind_int64(statement, 1, sequence)
                sqlite3_bind_int64(statement, 2, row.stream)
                sqlite3_bind_int64(statement, 3, row.position)
                sqlite3_bind_int64(statement, 4, 1)
                sqlite3_bind_int64(statement, 5, 2)
                sqlite3_bind_int64(statement, 6, 1_790_000_000_000)
                sqlite3_bind_null(statement, 7)
                sqlite3_bind_null(statement, 8)
                sqlite3_bind_null(statement, 9)
                row.payload.withUnsafeBytes { payload in
                    hash.withUnsafeBytes { hash in
                        sqlite3_bind_blob(statement, 10, payload.baseAddress, Int32(payload.count), nil)
                        sqlite3_bind_blob(statement, 11, hash.baseAddress, 32, nil)
                        if sqlite3_step(statement) != SQLITE_DONE { fatalError("raw insert failed") }
                    }
                }
                sqlite3_reset(statement)
            }
            exec(db, "COMMIT")
        }
        return Double(rows.count) / seconds(since: start)
    }

    /// Steps through every row of a log written by ``append(_:batch:path:synchronous:)``, reading
    /// each column (payload without copying); events/s.
    static func scan(_ path: String) -> (count: Int, perSecond: Double) {
        let db = open(path, synchronous: "NORMAL")
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        sqlite3_prepare_v2(db, """
            SELECT seq, stream_id, position, type_id, schema_version, recorded_at,
                   correlation_id, causation_id, idempotency_key, payload FROM events ORDER BY seq
            """, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        let start = ContinuousClock.now
        var count = 0
        var checksum: Int64 = 0
        while sqlite3_step(statement) == SQLITE_ROW {
            checksum &+= sqlite3_column_int64(statement, 0) &+ sqlite3_column_int64(statement, 1) &+ sqlite3_column_int64(statement, 2)
            checksum &+= sqlite3_column_int64(statement, 3) &+ sqlite3_column_int64(statement, 4) &+ sqlite3_column_int64(statement, 5)
            for column: Int32 in 6...8 where sqlite3_column_text(statement, column) != nil { checksum &+= 1 }
            if let blob = sqlite3_column_blob(statement, 9) {
                checksum &+= Int64(blob.load(as: UInt8.self)) &+ Int64(sqlite3_column_bytes(statement, 9))
            }
            count += 1
        }
        precondition(checksum != 0)
        return (count, Double(count) / seconds(since: start))
    }
}

/// Seconds elapsed since `start` (benchmarks are the edge: they may read the clock).
func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Peak resident set size of this process image, in MB.
func peakRSSMegabytes() -> Double {
    Double(ProcessMemory.peakResidentBytes) / 1_048_576
}
