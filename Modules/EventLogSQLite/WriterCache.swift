import Foundation
import GRDB

/// What the single writer keeps in memory so an append needs no index look-ups:
/// stream heads, type ids, the last sequence and hash, and how far the run index reaches.
///
/// Reloaded whenever the log's last sequence differs from the cached one (another process
/// appended) or a transaction failed.
struct WriterCache {
    struct Head {
        var id: Int64
        var version: Int64
    }

    var lastSequence: Int64 = 0
    var lastHash: [UInt8] = HashChain.genesis
    var indexedThrough: Int64 = 0
    var streams: [String: Head] = [:]
    var types: [String: Int64] = [:]
    /// The events after `indexedThrough` (stream id, sequence number), in order: the next index run.
    var unindexed: [(stream: Int64, sequence: Int64)] = []
    /// The last type looked up: batches are often of one type.
    private var lastType: (name: String, id: Int64)?
    /// Ids the next new stream and type get (the writer assigns them; rows are inserted with them).
    var nextStreamID: Int64 = 1
    var nextTypeID: Int64 = 1

    static func load(_ db: Database) throws -> WriterCache {
        var cache = WriterCache()
        cache.indexedThrough = try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'indexed_through'") ?? 0
        var names: [Int64: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, name, version FROM streams") {
            let name: String = row[1]
            names[row[0]] = name
            cache.streams[name] = Head(id: row[0], version: row[2])
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM event_types") {
            cache.types[row[1]] = row[0]
        }
        let tail = try Row.fetchCursor(db, sql: "SELECT seq, stream_id, position FROM events WHERE seq > ?", arguments: [cache.indexedThrough])
        while let row = try tail.next() {
            let streamID: Int64 = row[1]
            cache.unindexed.append((streamID, row[0]))
            if let name = names[streamID] { cache.streams[name]?.version = row[2] }
        }
        cache.nextStreamID = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) + 1 FROM streams") ?? 1
        cache.nextTypeID = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) + 1 FROM event_types") ?? 1
        if let last = try Row.fetchOne(db, sql: "SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1") {
            cache.lastSequence = last[0]
            cache.lastHash = [UInt8](last[1] as Data)
        }
        return cache
    }

    /// Moves the stream's head to `position`; returns the stream's id and whether the stream is
    /// new (its row must then be inserted with that id). One dictionary look-up.
    mutating func advance(_ name: String, to position: Int64) -> (id: Int64, isNew: Bool) {
        if let index = streams.index(forKey: name) {
            streams.values[index].version = position
            return (streams.values[index].id, false)
        }
        let id = nextStreamID
        nextStreamID += 1
        streams[name] = Head(id: id, version: position)
        return (id, true)
    }

    /// The type's id and whether the type is new (its row must then be inserted with that id).
    mutating func typeID(_ name: String) -> (id: Int64, isNew: Bool) {
        if let last = lastType, last.name == name { return (last.id, false) }
        if let id = types[name] {
            lastType = (name, id)
            return (id, false)
        }
        let id = nextTypeID
        nextTypeID += 1
        types[name] = id
        lastType = (name, id)
        return (id, true)
    }
}
