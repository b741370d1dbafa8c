import EventLog
import GRDB
import GRDBSQLite
import PlatformKit

extension SQLiteEventLog {
    /// Writes recorded events (from an export) keeping their sequence numbers, times and hashes.
    ///
    /// `next` hands over one event and its stored hash at a time, `nil` at the end. Each must
    /// continue the log: the next sequence number, the next position in its stream, and a hash
    /// that chains. All events are written in one transaction: on any error (including one thrown
    /// by `next`) nothing is imported. Returns how many events were written.
    @discardableResult
    public func importEvents(_ next: () throws -> (event: RecordedEvent, hash: [UInt8])?) throws -> Int {
        try writing { cache, db in
            cache = try WriterCache.load(db, streamLimit: options.cachedStreams, compression: options.payloadCompression)
            let statement = try insertStatement(db)
            defer { sqlite3_clear_bindings(statement) }
            var chain = HashChain()
            var count = 0
            while let (event, storedHash) = try next() {
                guard event.sequence == cache!.lastSequence + 1 else {
                    throw EventLogError(.invalidInput, "event \(event.sequence): expected sequence \(cache!.lastSequence + 1) to continue the log")
                }
                try cache!.warm(event.streamID, db)
                let version = cache!.streams[event.streamID]?.version ?? 0
                guard event.position == version + 1 else {
                    throw EventLogError(.invalidInput, "event \(event.sequence): position \(event.position) in stream '\(event.streamID)', expected \(version + 1)")
                }
                let hash = chain.hash(event, previous: cache!.lastHash)
                guard hash == storedHash else {
                    throw EventLogError(.invalidInput, "event \(event.sequence): hash does not match its content and the previous hash (tampered or reordered)")
                }
                let stream = cache!.advance(event.streamID, to: event.position)
                let type = cache!.typeID(event.type)
                let events = EventBatch([NewEvent(
                    streamID: event.streamID, type: event.type, schemaVersion: event.schemaVersion, payload: event.payload,
                    correlationID: event.correlationID, causationID: event.causationID, idempotencyKey: event.idempotencyKey
                )])
                let row = PreparedBatch.Row(
                    entry: 0, sequence: event.sequence, position: event.position, recordedAt: event.recordedAt.millisecondsSinceEpoch,
                    streamID: stream.id, typeID: type.id, isNewStream: stream.isNew, isNewType: type.isNew
                )
                try withUnsafePointer(to: row) { row in
                    try hash.withUnsafeBytes { try insert(UnsafeBufferPointer(start: row, count: 1), of: events, hashes: $0.baseAddress!, statement, db) }
                }
                cache!.unindexed.append((stream.id, event.sequence, event.position))
                cache!.lastSequence = event.sequence
                cache!.lastHash = hash
                try writeIndexRunIfDue(cache: &cache!, db)
                count += 1
            }
            return count
        }
    }
}
