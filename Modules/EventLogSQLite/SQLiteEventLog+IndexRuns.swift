import GRDB
import GRDBSQLite

/// The per-stream index, written a run of events at a time (see ``RunIndex``).
extension SQLiteEventLog {
    /// Indexes the events after `indexedThrough` as one run (see ``RunIndex``).
    func writeIndexRunIfDue(cache: inout WriterCache, _ db: Database) throws {
        if cache.lastSequence - cache.indexedThrough >= options.indexRunLength {
            try writeIndexRun(cache: &cache, db)
        }
    }

    private func writeIndexRun(cache: inout WriterCache, _ db: Database) throws {
        let indexedThrough = cache.indexedThrough
        let first = indexedThrough + 1
        try db.execute(sql: "INSERT INTO index_runs(first_seq, last_seq) VALUES (?, ?)", arguments: [first, cache.lastSequence])
        let insertRun = try db.cachedStatement(sql: "INSERT INTO stream_runs(run, stream_id, seqs) VALUES (?, ?, ?)").sqliteStatement
        let updateVersion = try db.cachedStatement(sql: "UPDATE streams SET version = ? WHERE id = ?").sqliteStatement
        // Each stream's events together, in sequence order: its row, and its version (the position
        // of its last event), without a look-up per stream. Grouped in place: the run empties it.
        StreamOrder.group(&cache.unindexed)
        let byStream = cache.unindexed
        var start = byStream.startIndex
        while start < byStream.endIndex {
            let stream = byStream[start].stream
            let end = byStream[start...].firstIndex { $0.stream != stream } ?? byStream.endIndex
            let events = byStream[start..<end]
            sqlite3_reset(insertRun)
            sqlite3_bind_int64(insertRun, 1, first)
            sqlite3_bind_int64(insertRun, 2, Int64(stream))
            try RunIndex.encode(events.lazy.map { $0.sequence(after: indexedThrough) }).withUnsafeBytes { blob in
                sqlite3_bind_blob(insertRun, 3, blob.baseAddress, Int32(blob.count), SQLiteRaw.transient)
                _ = try SQLiteRaw.step(insertRun, db)
            }
            sqlite3_reset(updateVersion)
            sqlite3_bind_int64(updateVersion, 1, events[end - 1].position)
            sqlite3_bind_int64(updateVersion, 2, Int64(stream))
            _ = try SQLiteRaw.step(updateVersion, db)
            start = end
        }
        try db.execute(sql: "UPDATE meta SET value = ? WHERE key = 'indexed_through'", arguments: [cache.lastSequence])
        cache.indexedThrough = cache.lastSequence
        // Room for the next run and a batch past it up front: the array is not regrown, and does
        // not double when the run's last batch overshoots (32 MB at 2 097 152 events a run).
        cache.unindexed = []
        cache.unindexed.reserveCapacity(Int(options.indexRunLength) + 8_192)
        cache.rotate(limit: options.cachedStreams)
    }
}
