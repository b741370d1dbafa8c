import EventLog
import Foundation
import GRDB
import GRDBSQLite
import Synchronization
import Zstd

/// The log's payload dictionaries, prepared for decompression the first time a reader needs
/// each; shared by every reader of the log.
final class PayloadDictionaries: Sendable {
    private let prepared = Mutex<[Int64: ZstdDecompressionDictionary]>([:])

    /// Dictionary `id`, from `db` the first time; nil when the log has no such dictionary.
    func dictionary(_ id: Int64, _ db: Database) throws -> ZstdDecompressionDictionary? {
        if let dictionary = prepared.withLock({ $0[id] }) { return dictionary }
        guard let bytes = try Data.fetchOne(db, sql: "SELECT data FROM payload_dictionaries WHERE id = ?", arguments: [id]) else { return nil }
        let dictionary = try ZstdDecompressionDictionary(ZstdDictionary(bytes: [UInt8](bytes)))
        prepared.withLock { $0[id] = dictionary }
        return dictionary
    }
}

/// Reads event blocks, and the payloads of rows written before them, from result rows,
/// decompressing what is stored against a dictionary: a payload alone or in a ``PayloadBlock``
/// (the last payload block read is kept for the events after it), or an ``EventBlock``.
struct PayloadReader {
    /// SQLite stores no value longer than this (`SQLITE_MAX_LENGTH`), so no payload was longer.
    static let maxPayloadSize = 1_000_000_000

    private let dictionaries: PayloadDictionaries
    private var decompressor: ZstdCompactDecompressor?
    private var block: PayloadBlock?

    init(_ dictionaries: PayloadDictionaries) {
        self.dictionaries = dictionaries
    }

    /// The payload of event `sequence` in `column`, whose dictionary (or NULL) is in
    /// `dictionaryColumn` and whose payload block (or NULL) in `blockColumn`.
    mutating func payload(
        _ statement: OpaquePointer, column: Int32, dictionaryColumn: Int32, blockColumn: Int32, sequence: Int64, _ db: Database
    ) throws -> [UInt8] {
        if sqlite3_column_type(statement, blockColumn) != SQLITE_NULL {
            return try payload(inBlock: sqlite3_column_int64(statement, blockColumn), sequence: sequence, db)
        }
        guard sqlite3_column_type(statement, dictionaryColumn) != SQLITE_NULL else { return SQLiteRaw.blob(statement, column) }
        return try decompress(statement, column: column, dictionary: sqlite3_column_int64(statement, dictionaryColumn), sequence: sequence, db) {
            "event \(sequence): its payload does not decompress (\($0))"
        }
    }

    private mutating func payload(inBlock first: Int64, sequence: Int64, _ db: Database) throws -> [UInt8] {
        if block?.firstSequence != first {
            let statement = try db.cachedStatement(sql: "SELECT dictionary, data FROM payload_blocks WHERE first_seq = ?").sqliteStatement
            defer { sqlite3_reset(statement) }
            sqlite3_bind_int64(statement, 1, first)
            guard try SQLiteRaw.step(statement, db) else {
                throw EventLogError(.corrupt(sequence: sequence), "event \(sequence): its payload block \(first) is missing")
            }
            let bytes = try decompress(statement, column: 1, dictionary: sqlite3_column_int64(statement, 0), sequence: sequence, db) {
                "event \(sequence): its payload block \(first) does not decompress (\($0))"
            }
            block = PayloadBlock(firstSequence: first, bytes: bytes)
        }
        guard let payload = block?.payload(of: sequence) else {
            throw EventLogError(.corrupt(sequence: sequence), "event \(sequence): its payload block \(first) is malformed or does not hold it")
        }
        return payload
    }

    /// The block in a result row of `first_seq, last_seq, dictionary, data, last_hash` from `event_blocks`.
    mutating func eventBlock(_ statement: OpaquePointer, _ db: Database) throws -> EventBlock {
        let (first, last) = (sqlite3_column_int64(statement, 0), sqlite3_column_int64(statement, 1))
        let bytes = sqlite3_column_type(statement, 2) == SQLITE_NULL
            ? SQLiteRaw.blob(statement, 3)
            : try decompress(statement, column: 3, dictionary: sqlite3_column_int64(statement, 2), sequence: first, db) {
                "events \(first)–\(last): their block does not decompress (\($0))"
            }
        guard last >= first, last - first < Int64(bytes.count), let block = EventBlock(firstSequence: first, count: Int(last - first + 1), bytes: bytes, lastHash: SQLiteRaw.blob(statement, 4)) else {
            throw EventLogError(.corrupt(sequence: first), "events \(first)–\(last): their block is malformed")
        }
        return block
    }

    /// The content of the frame in `column`, compressed against dictionary `id`; `problem`
    /// describes a frame that does not decompress.
    private mutating func decompress(
        _ statement: OpaquePointer, column: Int32, dictionary id: Int64, sequence: Int64, _ db: Database, problem: (any Error) -> String
    ) throws -> [UInt8] {
        guard let dictionary = try dictionaries.dictionary(id, db) else {
            throw EventLogError(.corrupt(sequence: sequence), "event \(sequence): its payload dictionary \(id) is missing")
        }
        let pointer = sqlite3_column_blob(statement, column)
        let frame = UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, column)))
        do {
            let decompressor = try decompressor ?? ZstdCompactDecompressor()
            self.decompressor = decompressor
            return try decompressor.decompress(frame, dictionary: dictionary, maxSize: Self.maxPayloadSize)
        } catch {
            throw EventLogError(.corrupt(sequence: sequence), problem(error))
        }
    }
}
