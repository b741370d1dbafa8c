import EventLog
import GRDB
import GRDBSQLite
import PlatformKit

extension SQLiteEventLog {
    /// Writes recorded events (from an export) keeping their sequence numbers, times and hashes.
    ///
    /// `next` hands over one event and its stored hash at a time, `nil` at the end. Each must
    /// continue the log: the next sequence number, the next position in its stream, and a hash
    /// that chains; and an idempotency key must be new to the log and to the import. All events
    /// are written in one transaction: on any error (including one thrown by `next`) nothing is
    /// imported. Returns how many events were written.
    @discardableResult
    public func importEvents(_ next: () throws -> (event: RecordedEvent, hash: [UInt8])?) throws -> Int {
        try writing { cache, db in
            var current = try WriterCache.load(
                db, streamLimit: options.cachedStreams, compression: options.payloadCompression, dictionaries: payloadDictionaries
            )
            var block = ImportedBlock()
            var chain = HashChain()
            var count = 0
            /// The sequence number of each idempotency key imported so far.
            var keys: [ExactString: Int64] = [:]
            while let (event, storedHash) = try next() {
                guard event.sequence == current.lastSequence + 1 else {
                    throw EventLogError(.invalidInput, "event \(event.sequence): expected sequence \(current.lastSequence + 1) to continue the log")
                }
                try AppendPlanner.validate(
                    streamID: event.streamID, type: event.type, schemaVersion: event.schemaVersion, idempotencyKey: event.idempotencyKey
                )
                if let key = event.idempotencyKey {
                    if let first = keys.updateValue(event.sequence, forKey: ExactString(key)) {
                        throw EventLogError(.invalidInput, "event \(event.sequence): duplicate idempotency key \(key) (first in event \(first))")
                    }
                    if try storedEvent(idempotencyKey: key, db) != nil {
                        throw EventLogError(.invalidInput, "event \(event.sequence): idempotency key \(key) is already in the log")
                    }
                }
                try current.warm(event.streamID, db)
                let version = current.streams[event.streamID]?.version ?? 0
                if version == 0 { try AppendPlanner.requireStorable(event.streamID, as: "stream id") }
                guard event.position == version + 1 else {
                    throw EventLogError(.invalidInput, "event \(event.sequence): position \(event.position) in stream '\(event.streamID)', expected \(version + 1)")
                }
                let hash = chain.hash(event, previous: current.lastHash)
                guard hash == storedHash else {
                    throw EventLogError(.invalidInput, "event \(event.sequence): hash does not match its content and the previous hash (tampered or reordered)")
                }
                let stream = current.advance(event.streamID, to: event.position)
                let type = try current.typeID(event.type)
                block.add(event, row: PreparedBatch.Row(
                    entry: block.count, sequence: event.sequence, position: event.position, recordedAt: event.recordedAt.millisecondsSinceEpoch,
                    streamID: stream.id, typeID: type.id, isNewStream: stream.isNew, isNewType: type.isNew
                ), hash: hash)
                try current.addUnindexed(stream: stream.id, sequence: event.sequence, position: event.position)
                current.lastSequence = event.sequence
                current.lastHash = hash
                count += 1
                // An index run starts after a block: a run never ends inside one.
                if block.count == options.eventsPerBlock || current.lastSequence - current.indexedThrough >= options.indexRunLength {
                    try block.write(with: current.payloadCompressor, self, db)
                    try writeIndexRunIfDue(cache: &current, db)
                }
            }
            try block.write(with: current.payloadCompressor, self, db)
            cache = current
            return count
        }
    }
}

/// The events of an import not written yet: the next block.
private struct ImportedBlock {
    private var events: [NewEvent] = []
    private var rows: [PreparedBatch.Row] = []
    private var hashes: [UInt8] = []

    var count: Int { events.count }

    mutating func add(_ event: RecordedEvent, row: PreparedBatch.Row, hash: [UInt8]) {
        events.append(NewEvent(
            streamID: event.streamID, type: event.type, schemaVersion: event.schemaVersion, payload: event.payload,
            correlationID: event.correlationID, causationID: event.causationID, idempotencyKey: event.idempotencyKey
        ))
        rows.append(row)
        hashes += hash
    }

    /// Writes the events as one block, if there are any, and starts the next.
    mutating func write(with compressor: PayloadCompressor?, _ log: SQLiteEventLog, _ db: Database) throws {
        guard !events.isEmpty else { return }
        let batch = EventBatch(events)
        let sealer = BlockSealer(compressor: compressor)
        try batch.entries.withUnsafeBufferPointer { entries in
            try batch.withPayloadBytes { payloads in
                try rows.withUnsafeMutableBufferPointer { rows in
                    sealer.seal(rows, entries: entries, payloads: payloads)
                    try hashes.withUnsafeBytes { hashes in
                        try log.insert(UnsafeBufferPointer(rows), of: batch, hashes: hashes.baseAddress!, db)
                    }
                }
            }
        }
        (events, rows, hashes) = ([], [], [])
    }
}
