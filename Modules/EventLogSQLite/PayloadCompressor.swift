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

    init(dictionaryID: Int64, dictionary: ZstdDictionary, compression: PayloadCompression) throws {
        self.dictionaryID = dictionaryID
        compressor = try ZstdCompactCompressor(dictionary: dictionary, level: compression.level)
    }

    /// Room for compressing `size` bytes.
    static func bound(_ size: Int) -> Int {
        ZstdCompactCompressor.bound(size)
    }

    /// Compresses the uncompressed bytes of an ``EventBlock`` into `output` (``bound(_:)``
    /// bytes); returns their length, or nil when they would not shrink.
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
        let stride = max(1, (last - first) / Self.trainingSamples)
        var reader = PayloadReader(payloadDictionaries)
        var samples: [[UInt8]] = []
        var bytes = 0
        /// Takes event `sequence`'s payload if it is a sample; false once there are enough bytes.
        func sample(_ sequence: Int64, _ payload: () throws -> [UInt8]) rethrows -> Bool {
            guard bytes < Self.maxTrainingBytes else { return false }
            if (sequence - first - 1) % stride == 0 {
                let sample = try payload()
                bytes += sample.count
                samples.append(sample)
            }
            return true
        }
        if first < (try Self.lastRowSequence(db)) {
            let statement = try db.makeStatement(sql: """
                SELECT seq, payload, payload_dictionary, payload_block FROM events WHERE seq > ? AND seq <= ? AND (seq - ?) % ? = 0 ORDER BY seq
                """)
            try statement.setArguments([first, last, first + 1, stride])
            let raw = statement.sqliteStatement
            while try SQLiteRaw.step(raw, db), try sample(sqlite3_column_int64(raw, 0), {
                try reader.payload(raw, column: 1, dictionaryColumn: 2, blockColumn: 3, sequence: sqlite3_column_int64(raw, 0), db)
            }) {}
        }
        try Self.forEachBlock(from: first + 1, through: last, &reader, db) { block in
            for index in block.records.indices {
                let sequence = block.firstSequence + Int64(index)
                guard sequence > first, sequence <= last else { continue }
                guard sample(sequence, { block.payload(index) }) else { return false }
            }
            return true
        }
        return samples
    }
}
