import EventLog
import Foundation
import GRDB
import GRDBSQLite
import PlatformKit
import Synchronization

extension SQLiteEventLog {
    static let columns = """
        seq, stream_id, position, type_id, schema_version, recorded_at,
        correlation_id, causation_id, idempotency_key, payload, hash, payload_dictionary, payload_block
        """

    public func lastSequence() throws -> Int64 {
        try reading { db in try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM events") ?? 0 }
    }

    /// The hash chained through every event, as hex: the last event's hash (nil for an empty log).
    /// One row read, unlike ``statistics(byType:)``, which counts the events.
    public func headHash() throws -> String? {
        try reading(Self.headHash)
    }

    static func headHash(_ db: Database) throws -> String? {
        try Data.fetchOne(db, sql: "SELECT hash FROM events ORDER BY seq DESC LIMIT 1").map { [UInt8]($0).hexString }
    }

    public func streamVersion(of stream: String) throws -> Int64 {
        try reading { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT id, version FROM streams WHERE name = ?", arguments: [stream]) else {
                return 0
            }
            let id: Int64 = row[0]
            let indexed: Int64 = row[1]
            let tail = try Int64.fetchOne(db, sql: """
                SELECT MAX(position) FROM events
                WHERE seq > (SELECT value FROM meta WHERE key = 'indexed_through') AND stream_id = ?
                """, arguments: [id])
            return max(indexed, tail ?? 0)
        }
    }

    public func forEach(_ query: EventQuery, _ body: (RecordedEvent) throws -> Void) throws {
        try forEachRow(query, includeHash: false) { event, _ in try body(event) }
    }

    /// Like ``forEach(_:_:)``, also handing over each event's stored chain hash.
    package func forEachRow(_ query: EventQuery, includeHash: Bool = true, _ body: (RecordedEvent, [UInt8]) throws -> Void) throws {
        var table = names.withLock { $0 }
        defer { names.withLock { [table] in $0 = table } }
        try reading { db in
            var cursor = RowReader(limit: query.limit ?? Int.max, includeHash: includeHash, payloads: PayloadReader(payloadDictionaries))
            if let stream = query.stream {
                try readStream(stream, query, &cursor, &table, db, body)
            } else {
                try scan(query, &cursor, &table, db, body)
            }
        }
    }

    /// Runs `body` in one read transaction (a consistent snapshot of the log).
    func reading<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch {
            throw Self.mapped(error, path: path)
        }
    }

    private func scan(_ query: EventQuery, _ cursor: inout RowReader, _ table: inout NameTable, _ db: Database, _ body: RowBody) throws {
        var sql = "SELECT \(Self.columns) FROM events WHERE seq >= ? AND seq <= ?"
        if let types = query.types {
            let ids = try typeIDs(types, db)
            if ids.isEmpty { return }
            sql += " AND type_id IN (\(ids.map(String.init).joined(separator: ",")))"
        }
        let statement = try db.makeStatement(sql: sql + " ORDER BY seq")
        try statement.setArguments([query.from, query.to ?? Int64.max])
        try cursor.drain(statement.sqliteStatement, &table, db, body: body)
    }

    private func readStream(_ stream: String, _ query: EventQuery, _ cursor: inout RowReader, _ table: inout NameTable, _ db: Database, _ body: RowBody) throws {
        guard let streamID = try Int64.fetchOne(db, sql: "SELECT id FROM streams WHERE name = ?", arguments: [stream]) else { return }
        let upper = query.to ?? Int64.max
        let indexedThrough = try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'indexed_through'") ?? 0
        let runs = try Row.fetchCursor(db, sql: """
            SELECT r.first_seq, sr.seqs FROM index_runs r
            JOIN stream_runs sr ON sr.run = r.first_seq AND sr.stream_id = ?
            WHERE r.last_seq >= ? AND r.first_seq <= ? ORDER BY r.first_seq
            """, arguments: [streamID, query.from, upper])
        let bySequence = try db.makeStatement(sql: "SELECT \(Self.columns) FROM events WHERE seq = ?")
        while cursor.wantsMore, let run = try runs.next() {
            guard let sequences = RunIndex.decode([UInt8](run[1] as Data)) else {
                throw EventLogError(.corrupt(sequence: run[0]), "stream index run at \(run[0] as Int64) is malformed")
            }
            for sequence in sequences where sequence >= query.from && sequence <= upper && cursor.wantsMore {
                try bySequence.setArguments([sequence])
                try cursor.drain(bySequence.sqliteStatement, &table, db, types: query.types, body: body)
            }
        }
        guard cursor.wantsMore else { return }
        let tail = try db.makeStatement(sql: "SELECT \(Self.columns) FROM events WHERE seq > ? AND seq >= ? AND seq <= ? AND stream_id = ? ORDER BY seq")
        try tail.setArguments([indexedThrough, query.from, upper, streamID])
        try cursor.drain(tail.sqliteStatement, &table, db, types: query.types, body: body)
    }

    private func typeIDs(_ types: Set<String>, _ db: Database) throws -> [Int64] {
        try types.compactMap { try Int64.fetchOne(db, sql: "SELECT id FROM event_types WHERE name = ?", arguments: [$0]) }
    }
}

/// Receives each event and its stored chain hash.
typealias RowBody = (RecordedEvent, [UInt8]) throws -> Void

/// Turns result rows into ``RecordedEvent``s and hands them over until the limit.
private struct RowReader {
    var limit: Int
    let includeHash: Bool
    var payloads: PayloadReader

    var wantsMore: Bool { limit > 0 }

    mutating func drain(_ statement: OpaquePointer, _ table: inout NameTable, _ db: Database, types: Set<String>? = nil, body: RowBody) throws {
        defer { sqlite3_reset(statement) }
        while limit > 0, try SQLiteRaw.step(statement, db) {
            // Rows of other types are skipped before their payload is read (and decompressed).
            let type = try table.type(sqlite3_column_int64(statement, 3), db)
            if let types, !types.contains(type) { continue }
            let sequence = sqlite3_column_int64(statement, 0)
            let event = RecordedEvent(
                sequence: sequence,
                streamID: try table.stream(sqlite3_column_int64(statement, 1), db),
                position: sqlite3_column_int64(statement, 2),
                type: type,
                schemaVersion: Int(sqlite3_column_int64(statement, 4)),
                recordedAt: Instant(millisecondsSinceEpoch: sqlite3_column_int64(statement, 5)),
                correlationID: SQLiteRaw.text(statement, 6),
                causationID: SQLiteRaw.text(statement, 7),
                idempotencyKey: SQLiteRaw.text(statement, 8),
                payload: try payloads.payload(statement, column: 9, dictionaryColumn: 11, blockColumn: 12, sequence: sequence, db)
            )
            limit -= 1
            try body(event, includeHash ? SQLiteRaw.blob(statement, 10) : [])
        }
    }
}
