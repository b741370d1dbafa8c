import EventLog
import Foundation
import GRDB
import GRDBSQLite
import Zstd

/// The writer's newest payload dictionary, ready to compress with (see ``PayloadCompression``).
/// Used by one batch at a time, like the rest of the ``WriterCache``.
final class PayloadCompressor: @unchecked Sendable {
    /// The dictionary's row in `payload_dictionaries`.
    let dictionaryID: Int64
    private let compressor: ZstdCompactCompressor
    /// Payloads compressed alone and shorter than this are stored as they are.
    private let minimumSize: Int
    /// Events whose payloads share a block, at most.
    let eventsPerBlock: Int

    init(dictionaryID: Int64, dictionary: ZstdDictionary, compression: PayloadCompression) throws {
        self.dictionaryID = dictionaryID
        compressor = try ZstdCompactCompressor(dictionary: dictionary, level: compression.level)
        minimumSize = compression.minimumSize
        eventsPerBlock = compression.eventsPerBlock
    }

    /// Room for compressing a payload of `size` bytes.
    static func bound(_ size: Int) -> Int {
        ZstdCompactCompressor.bound(size)
    }

    /// Compresses `payload` into `output` (``bound(_:)`` bytes); returns its length, or nil when
    /// it is shorter than the minimum size or would not shrink (it is then stored as it is).
    func compress(_ payload: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int? {
        guard payload.count >= minimumSize else { return nil }
        return compress(block: payload, into: output)
    }

    /// Compresses the uncompressed bytes of a ``PayloadBlock`` (or a payload whatever its size)
    /// into `output`; returns their length, or nil when they would not shrink.
    func compress(block: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int? {
        guard let count = try? compressor.compress(block, into: output), count < block.count else { return nil }
        return count
    }

    /// The newest dictionary of the log in `db`, and how many it has.
    static func load(_ db: Database, _ compression: PayloadCompression) throws -> (PayloadCompressor?, trained: Int) {
        let trained = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM payload_dictionaries") ?? 0
        guard let row = try Row.fetchOne(db, sql: "SELECT id, data FROM payload_dictionaries ORDER BY id DESC LIMIT 1") else {
            return (nil, trained)
        }
        let dictionary = ZstdDictionary(bytes: [UInt8](row[1] as Data))
        return (try PayloadCompressor(dictionaryID: row[0], dictionary: dictionary, compression: compression), trained)
    }
}

extension SQLiteEventLog {
    /// Payloads a dictionary is trained from (evenly spread over its `trainingEvents`), and their
    /// bytes at most: training takes ~40 ms for 10 000 payloads of ~150 bytes.
    static let trainingSamples: Int64 = 10_000
    static let maxTrainingBytes = 16 << 20

    /// Trains the next payload dictionary once the log is long enough, and compresses the
    /// coming batches with it (see ``PayloadCompression``).
    func trainPayloadDictionaryIfDue(_ cache: inout WriterCache, _ db: Database) throws {
        guard let compression = options.payloadCompression, let due = compression.trainingPoint(cache.dictionaryTrainings),
              cache.lastSequence >= due else { return }
        // A failed training counts too: the next one waits for the next point.
        cache.dictionaryTrainings += 1
        let samples = try payloadSamples(after: due - compression.trainingEvents, through: due, db)
        // Too few or too uniform samples: payloads stay as they are until the next point.
        guard let dictionary = try? ZstdDictionary.trainFast(samples: samples) else { return }
        try db.execute(
            sql: "INSERT INTO payload_dictionaries(first_seq, data) VALUES (?, ?)",
            arguments: [cache.lastSequence + 1, Data(dictionary.bytes)]
        )
        cache.payloadCompressor = try PayloadCompressor(dictionaryID: db.lastInsertedRowID, dictionary: dictionary, compression: compression)
    }

    /// ``trainingSamples`` payloads of the events after `first` through `last`, evenly spread, as
    /// appended, up to ``maxTrainingBytes``.
    private func payloadSamples(after first: Int64, through last: Int64, _ db: Database) throws -> [[UInt8]] {
        let statement = try db.makeStatement(sql: """
            SELECT seq, payload, payload_dictionary, payload_block FROM events WHERE seq > ? AND seq <= ? AND (seq - ?) % ? = 0 ORDER BY seq
            """)
        try statement.setArguments([first, last, first + 1, max(1, (last - first) / Self.trainingSamples)])
        var reader = PayloadReader(payloadDictionaries)
        var samples: [[UInt8]] = []
        var bytes = 0
        let raw = statement.sqliteStatement
        while bytes < Self.maxTrainingBytes, try SQLiteRaw.step(raw, db) {
            let sample = try reader.payload(raw, column: 1, dictionaryColumn: 2, blockColumn: 3, sequence: sqlite3_column_int64(raw, 0), db)
            bytes += sample.count
            samples.append(sample)
        }
        return samples
    }
}
