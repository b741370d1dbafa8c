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
        try reading(Self.lastSequence)
    }

    static func lastSequence(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: Self.lastSequenceSQL) ?? 0
    }

    /// The hash chained through every event, as hex: the last event's hash (nil for an empty log).
    /// One row read, unlike ``statistics(byType:)``, which counts the events.
    public func headHash() throws -> String? {
        try reading(Self.headHash)
    }

    /// The last event's sequence number and hash, read together (0 and nil for an empty log): a
    /// reader pinning a log that another process appends to gets a pair that belongs together.
    public func head() throws -> (sequence: Int64, hash: String?) {
        try reading { db in (try Self.lastSequence(db), try Self.headHash(db)) }
    }

    static func headHash(_ db: Database) throws -> String? {
        try Data.fetchOne(db, sql: Self.headHashSQL).map { [UInt8]($0).hexString }
    }

    public func streamVersion(of stream: String) throws -> Int64 {
        // No stored name holds a NUL (appends refuse one), and SQLite would read this one cut there.
        if stream.utf8.contains(0) { return 0 }
        return try reading { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT id, version FROM streams WHERE name = ?", arguments: [stream]) else {
                return 0
            }
            let id: Int64 = row[0]
            let indexed: Int64 = row[1]
            let indexedThrough = try Self.indexedThrough(db)
            var version = try Int64.fetchOne(db, sql: "SELECT MAX(position) FROM events WHERE seq > ? AND stream_id = ?", arguments: [indexedThrough, id]) ?? 0
            var reader = PayloadReader(payloadDictionaries)
            try Self.forEachBlock(from: indexedThrough + 1, through: .max, &reader, db) { block in
                for record in block.records where record.stream == id { version = record.position }
                return true
            }
            return max(indexed, version)
        }
    }

    public func forEach(_ query: EventQuery, _ body: (RecordedEvent) throws -> Void) throws {
        try forEachRow(query, includeHash: false) { event, _, _ in try body(event) }
    }

    /// Like ``forEach(_:_:)``, also handing over the id of the event's stream in the file and the
    /// chain hash stored with the event, if any.
    package func forEachRow(_ query: EventQuery, includeHash: Bool = true, _ body: RowBody) throws {
        var table = names.withLock { $0 }
        defer { names.withLock { [table] in $0 = table } }
        try reading { db in
            var cursor = RowReader(limit: query.limit ?? Int.max, includeHash: includeHash, payloads: PayloadReader(payloadDictionaries))
            if let stream = query.stream {
                var positions = StreamPositions(from: query.from, checked: query.types == nil)
                try readStream(stream, query, &cursor, &table, db) { event, streamID, hash in
                    try positions.check(event, in: stream)
                    try body(event, streamID, hash)
                }
            } else {
                try scan(query, &cursor, &table, db, body)
            }
        }
    }

    /// Every event through `last` with its chain hash, computed from the first event on and
    /// checked against each stored one (a block stores its last event's).
    ///
    /// - Throws: ``EventLogError`` with `.corrupt` where a stored hash differs.
    package func forEachChained(through last: Int64, _ body: (RecordedEvent, [UInt8]) throws -> Void) throws {
        var chain = HashChain()
        var previous = HashChain.genesis
        try forEachRow(EventQuery(to: last)) { event, _, stored in
            previous = chain.hash(event, previous: previous)
            if let stored, stored.bytes != previous {
                throw EventLogError(.corrupt(sequence: stored.coversFrom), "events \(stored.coversFrom)–\(event.sequence): the hash chain is broken (run verify)")
            }
            try body(event, previous)
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
        let upper = query.to ?? Int64.max
        let ids = try query.types.map { try typeIDs($0, db) }
        if ids?.isEmpty == true { return }
        if query.from <= (try Self.lastRowSequence(db)) {
            var sql = "SELECT \(Self.columns) FROM events WHERE seq >= ? AND seq <= ?"
            if let ids { sql += " AND type_id IN (\(ids.map(String.init).joined(separator: ",")))" }
            let statement = try db.makeStatement(sql: sql + " ORDER BY seq")
            try statement.setArguments([query.from, upper])
            try cursor.drain(statement.sqliteStatement, &table, db, body: body)
        }
        let types = ids.map { Set($0) }
        var blocks = cursor.payloads
        try Self.forEachBlock(from: query.from, through: upper, &blocks, db) { block in
            try cursor.drain(block, from: query.from, through: upper, types: types, &table, db, body: body)
            return cursor.wantsMore
        }
    }

    private func readStream(_ stream: String, _ query: EventQuery, _ cursor: inout RowReader, _ table: inout NameTable, _ db: Database, _ body: RowBody) throws {
        guard !stream.utf8.contains(0), let streamID = try Int64.fetchOne(db, sql: "SELECT id FROM streams WHERE name = ?", arguments: [stream]) else { return }
        let upper = query.to ?? Int64.max
        let indexedThrough = try Self.indexedThrough(db)
        let runs = try Row.fetchCursor(db, sql: """
            SELECT r.first_seq, sr.seqs FROM index_runs r
            JOIN stream_runs sr ON sr.run = r.first_seq AND sr.stream_id = ?
            WHERE r.last_seq >= ? AND r.first_seq <= ? ORDER BY r.first_seq
            """, arguments: [streamID, query.from, upper])
        let lastRow = try Self.lastRowSequence(db)
        let bySequence = try db.makeStatement(sql: "SELECT \(Self.columns) FROM events WHERE seq = ?")
        var block: EventBlock?
        while cursor.wantsMore, let run = try runs.next() {
            guard let sequences = RunIndex.decode([UInt8](run[1] as Data)) else {
                throw EventLogError(.corrupt(sequence: run[0]), "stream index run at \(run[0] as Int64) is malformed")
            }
            for sequence in sequences where sequence >= query.from && sequence <= upper && cursor.wantsMore {
                if sequence <= lastRow {
                    try bySequence.setArguments([sequence])
                    try cursor.drain(bySequence.sqliteStatement, &table, db, types: query.types, body: body)
                    continue
                }
                if block?.record(of: sequence) == nil { block = try Self.block(holding: sequence, &cursor.payloads, db) }
                guard let block, block.record(of: sequence)?.stream == streamID else {
                    throw EventLogError(.corrupt(sequence: sequence), "event \(sequence): in the index of stream '\(stream)' but not stored in it")
                }
                try cursor.drain(block, from: sequence, through: sequence, stream: streamID, names: query.types, &table, db, body: body)
            }
        }
        guard cursor.wantsMore else { return }
        let tail = try db.makeStatement(sql: "SELECT \(Self.columns) FROM events WHERE seq > ? AND seq >= ? AND seq <= ? AND stream_id = ? ORDER BY seq")
        try tail.setArguments([indexedThrough, query.from, upper, streamID])
        try cursor.drain(tail.sqliteStatement, &table, db, types: query.types, body: body)
        var blocks = cursor.payloads
        let tailStart = max(indexedThrough + 1, query.from)
        try Self.forEachBlock(from: tailStart, through: upper, &blocks, db) { block in
            try cursor.drain(block, from: tailStart, through: upper, stream: streamID, names: query.types, &table, db, body: body)
            return cursor.wantsMore
        }
    }

    static func indexedThrough(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'indexed_through'") ?? 0
    }

    private func typeIDs(_ types: Set<String>, _ db: Database) throws -> [Int64] {
        // A name with a NUL names no stored type (SQLite would read it cut at the NUL).
        try types.filter { !$0.utf8.contains(0) }.compactMap { try Int64.fetchOne(db, sql: "SELECT id FROM event_types WHERE name = ?", arguments: [$0]) }
    }
}

/// An event's chain hash as stored: a row holds its event's, a block its last event's, which
/// covers the block's events from `coversFrom` on.
package struct StoredHash: Sendable {
    package var bytes: [UInt8]
    package var coversFrom: Int64
}

/// Receives each event, its stream's id in the file and the chain hash stored with it, if any.
package typealias RowBody = (RecordedEvent, _ streamID: Int64, StoredHash?) throws -> Void

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
            let stream = sqlite3_column_int64(statement, 1)
            let event = RecordedEvent(
                sequence: sequence,
                streamID: try table.stream(stream, db),
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
            try body(event, stream, includeHash ? StoredHash(bytes: SQLiteRaw.blob(statement, 10), coversFrom: sequence) : nil)
        }
    }

    /// Hands over the events of `block` from `first` through `last`: those of stream id `stream`
    /// if given, and of type ids `types`, or type names `names`, if given. The hash stored with
    /// the block goes with its last event.
    mutating func drain(
        _ block: EventBlock, from first: Int64, through last: Int64, stream: Int64? = nil, types: Set<Int64>? = nil, names: Set<String>? = nil,
        _ table: inout NameTable, _ db: Database, body: RowBody
    ) throws {
        let lower = Int(max(first, block.firstSequence) - block.firstSequence)
        let upper = Int(min(last, block.lastSequence) - block.firstSequence)
        guard lower <= upper else { return }
        for index in lower...upper where limit > 0 {
            let record = block.records[index]
            if let stream, record.stream != stream { continue }
            if let types, !types.contains(record.type) { continue }
            let type = try table.type(record.type, db)
            if let names, !names.contains(type) { continue }
            limit -= 1
            let event = block.event(index, stream: try table.stream(record.stream, db), type: type)
            let isLast = index == block.records.count - 1
            try body(event, record.stream, includeHash && isLast ? block.storedHash : nil)
        }
    }
}
