import PlatformKit
import EventLog
import Foundation
import GRDB
import GRDBSQLite

/// What the single writer keeps in memory so an append needs no index look-ups:
/// stream heads, type ids, the last sequence and hash, and how far the run index reaches.
///
/// Stream heads are kept in two generations, so their number stays bounded: after an index run
/// (when every stream's version is in the `streams` table) in which the current generation
/// reached half the limit, the older generation is dropped and the current one becomes the older.
/// A stream in neither is *cold*: before a batch is prepared, ``warm(streamsOf:_:)`` brings its
/// streams back, from the older generation or the table.
///
/// Reloaded whenever the log's last sequence differs from the cached one (another process
/// appended) or a transaction failed.
struct WriterCache {
    typealias Head = StreamHeads.Head

    var lastSequence: Int64 = 0
    var lastHash: [UInt8] = HashChain.genesis
    var indexedThrough: Int64 = 0
    /// The heads of streams appended to since the last rotation (and of every stream in the unindexed tail).
    var streams = StreamHeads()
    /// The heads of the generation before, not appended to since.
    private var olderStreams = StreamHeads()
    /// Whether the `streams` table holds streams in neither generation.
    private(set) var hasColdStreams = false
    /// The streams this cache dropped, so a new stream is known new without a look-up; nil when
    /// the table may hold cold streams it never saw (the cache was loaded from a log with some).
    private(set) var coldStreams: ColdStreamFilter? = ColdStreamFilter()
    /// Type ids by name, the name's bytes as stored (see `ExactString`).
    var types: [ExactString: Int64] = [:]
    /// The events after `indexedThrough`, in order: the next index run.
    var unindexed: [UnindexedEvent] = []
    /// The last type looked up: batches are often of one type.
    private var lastType: (name: String, id: Int64)?
    /// Ids the next new stream and type get (the writer assigns them; rows are inserted with them).
    var nextStreamID: Int64 = 1
    var nextTypeID: Int64 = 1
    /// The newest payload dictionary, when payloads are compressed (see ``PayloadCompression``).
    var payloadCompressor: PayloadCompressor?
    /// Payload dictionaries trained (or tried) so far: the next is due at `PayloadCompression.trainingPoint` of it.
    var dictionaryTrainings = 0

    /// The cache of the log in `db`, with at most about `streamLimit` stream heads: beyond it,
    /// only the streams of the unindexed tail (whose versions the table does not have yet).
    static func load(
        _ db: Database, streamLimit: Int, compression: PayloadCompression?, dictionaries: PayloadDictionaries
    ) throws -> WriterCache {
        var cache = WriterCache()
        if let compression {
            (cache.payloadCompressor, cache.dictionaryTrainings) = try PayloadCompressor.load(db, compression)
        }
        cache.indexedThrough = try SQLiteEventLog.indexedThrough(db)
        cache.hasColdStreams = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM streams") ?? 0 > streamLimit
        if cache.hasColdStreams { cache.coldStreams = nil }
        // The unindexed tail: in rows written before blocks, then in blocks.
        let tail = try Row.fetchCursor(db, sql: "SELECT stream_id, seq, position FROM events WHERE seq > ?", arguments: [cache.indexedThrough])
        while let row = try tail.next() { try cache.addUnindexed(stream: row[0], sequence: row[1], position: row[2]) }
        var reader = PayloadReader(dictionaries)
        try SQLiteEventLog.forEachBlock(from: cache.indexedThrough + 1, through: .max, &reader, db) { block in
            for (index, record) in block.records.enumerated() where block.firstSequence + Int64(index) > cache.indexedThrough {
                try cache.addUnindexed(stream: record.stream, sequence: block.firstSequence + Int64(index), position: record.position)
            }
            return true
        }
        // Every stream's head, or past the limit only those of the tail's streams.
        let streams = cache.hasColdStreams
            ? try Set(cache.unindexed.map { Int64($0.stream) }).compactMap { id in
                try Row.fetchOne(db.cachedStatement(sql: "SELECT id, name, version FROM streams WHERE id = ?"), arguments: [id])
            }
            : try Row.fetchAll(db, sql: "SELECT id, name, version FROM streams")
        var numbers: [Int64: Int32] = [:]
        for row in streams {
            numbers[row[0]] = cache.streams.insert(row[1] as String, Head(id: row[0], version: row[2]))
        }
        for event in cache.unindexed {
            if let number = numbers[Int64(event.stream)] { cache.streams.setVersion(event.position, at: number) }
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM event_types") {
            cache.types[ExactString(row[1])] = row[0]
        }
        cache.nextStreamID = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) + 1 FROM streams") ?? 1
        cache.nextTypeID = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) + 1 FROM event_types") ?? 1
        cache.lastSequence = try Int64.fetchOne(db, sql: SQLiteEventLog.lastSequenceSQL) ?? 0
        if let hash = try Data.fetchOne(db, sql: SQLiteEventLog.headHashSQL) { cache.lastHash = [UInt8](hash) }
        return cache
    }

    /// Brings the heads of the streams of `events` that exist into `streams`: from the older
    /// generation, or from the `streams` table for a cold stream (its version there is exact: a
    /// stream goes cold only when an index run has written its version). Call before planning
    /// appends to them. Returns the number of each event's head in `streams`, -1 for a stream
    /// that does not exist yet; the numbers stay valid until the next rotation. Names are read
    /// in place: a batch's events come from another thread.
    mutating func warm(streamsOf events: EventBatch, _ db: Database) throws -> [Int32] {
        // By index, not by element: a copy of each entry would retain every string in it.
        let names = events.entries.withUnsafeBufferPointer { entries in
            entries.indices.map { StreamHeads.Name(entries[$0].streamID) }
        }
        return try names.withUnsafeBufferPointer { names in
            var numbers = streams.numbers(of: names)
            guard hasColdStreams || !olderStreams.isEmpty else { return numbers }
            for index in names.indices where numbers[index] < 0 {
                // An earlier event of the batch may have brought the stream back already.
                numbers[index] = try streams.number(of: names[index]) ?? bringBack(names[index], db) ?? -1
            }
            return numbers
        }
    }

    /// Brings the head of stream `name` into `streams` if it exists (see ``warm(streamsOf:_:)``).
    mutating func warm(_ name: String, _ db: Database) throws {
        guard hasColdStreams || !olderStreams.isEmpty else { return }
        let name = StreamHeads.Name(name)
        guard streams.number(of: name) == nil else { return }
        try bringBack(name, db)
    }

    /// Brings the head of stream `name`, not in `streams`, back into it; returns its number
    /// there, nil when the stream does not exist.
    @discardableResult
    private mutating func bringBack(_ name: StreamHeads.Name, _ db: Database) throws -> Int32? {
        if let head = olderStreams.remove(name) {
            return streams.insert(name, head)
        }
        // A stream the cache never dropped is new: most streams not cached are.
        guard hasColdStreams, coldStreams?.mayContain(name.name) ?? true else { return nil }
        // Bound and read directly: at 2 000 000 riders a stream is looked up every few events.
        let statement = try db.cachedStatement(sql: "SELECT id, version FROM streams WHERE name = ?").sqliteStatement
        sqlite3_reset(statement)
        defer { sqlite3_reset(statement) }
        SQLiteRaw.bind(statement, 1, name.name)
        guard try SQLiteRaw.step(statement, db) else { return nil }
        return streams.insert(name, Head(id: sqlite3_column_int64(statement, 0), version: sqlite3_column_int64(statement, 1), wasCold: true))
    }

    /// After an index run: once the current generation holds half of `limit` heads, drops the
    /// older generation (its streams go cold) and makes the current one the older. About `limit`
    /// heads are kept, and a stream stays cached as long as it is appended to again before half
    /// of `limit` other streams are. (Rotating whenever both generations together passed the
    /// limit dropped the larger one a single run after it became the older: a 2 000 000-rider city
    /// looked up 7 times as many streams in the file.) A stream that went cold before is in the
    /// filter already: a driver's streams may go cold and come back many times a run.
    mutating func rotate(limit: Int) {
        guard unindexed.isEmpty, streams.count >= limit / 2 else { return }
        olderStreams.forEach { name, head in
            if !head.wasCold { coldStreams?.insert(name) }
        }
        olderStreams = streams
        streams = StreamHeads()
        hasColdStreams = true
    }

    /// Moves the stream's head to `position`; returns the stream's id and whether the stream is
    /// new (its row must then be inserted with that id). The stream's head must be in `streams`
    /// if it exists (see ``warm(streamsOf:_:)``).
    mutating func advance(_ name: String, to position: Int64) -> (id: Int64, isNew: Bool) {
        advance(name, to: position, head: streams.number(of: name))
    }

    /// ``advance(_:to:)`` with the number of the stream's head in `streams` already looked up
    /// (nil: the stream is new).
    mutating func advance(_ name: String, to position: Int64, head number: Int32?) -> (id: Int64, isNew: Bool) {
        if let number {
            streams.setVersion(position, at: number)
            return (streams.head(at: number).id, false)
        }
        let id = nextStreamID
        nextStreamID += 1
        streams.insert(name, Head(id: id, version: position))
        return (id, true)
    }

    /// Adds event `sequence` of stream `stream`, at `position`, to the next index run.
    ///
    /// - Throws: ``EventLogError`` `.invalidInput` past 4 294 967 295 streams, or as many events
    ///   after the last index run (runs are at most 2^31 events: see ``SQLiteEventLogOptions/indexRunLength``).
    mutating func addUnindexed(stream: Int64, sequence: Int64, position: Int64) throws {
        guard let event = UnindexedEvent(stream: stream, sequence: sequence, position: position, after: indexedThrough) else {
            throw EventLogError(.invalidInput, "event \(sequence) of stream \(stream): the stream index holds 32-bit stream ids and runs of up to 2^32 events")
        }
        unindexed.append(event)
    }

    /// The type's id and whether the type is new (its row must then be inserted with that id).
    ///
    /// - Throws: ``EventLogError`` `.invalidInput` for a new type whose name holds a NUL byte.
    mutating func typeID(_ name: String) throws -> (id: Int64, isNew: Bool) {
        if let last = lastType, last.name.hasSameUTF8(as: name) { return (last.id, false) }
        if let id = types[ExactString(name)] {
            lastType = (name, id)
            return (id, false)
        }
        try AppendPlanner.requireStorable(name, as: "event type")
        let id = nextTypeID
        nextTypeID += 1
        types[ExactString(name)] = id
        lastType = (name, id)
        return (id, true)
    }
}
