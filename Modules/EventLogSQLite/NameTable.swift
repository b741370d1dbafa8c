import EventLog
import GRDB

/// Stream and type names by id, as readers see them; looked up when an unknown id shows up.
///
/// Stream ids grow as streams are created, so a reader going forward mostly meets new streams in
/// id order: an id past every id loaded so far loads the next ``streamWindow`` names at once;
/// an older one (a long-lived stream met again) loads its own name only. Reading the middle of a
/// large log thus costs one look-up per stream met, not a scan of every later stream per miss.
/// At most ``streamLimit`` names are kept: past that the table starts over.
struct NameTable: Sendable {
    var streams: [Int64: String] = [:]
    var types: [Int64: String] = [:]
    /// The highest stream id loaded so far.
    private var loadedThrough: Int64 = 0

    static let streamWindow = 4_096
    static let streamLimit = 1 << 20

    mutating func stream(_ id: Int64, _ db: Database) throws -> String {
        if let name = streams[id] { return name }
        if streams.count >= Self.streamLimit { streams.removeAll(keepingCapacity: true) }
        if id > loadedThrough {
            let window = try db.cachedStatement(sql: "SELECT id, name FROM streams WHERE id >= ? ORDER BY id LIMIT \(Self.streamWindow)")
            let rows = try Row.fetchAll(window, arguments: [id])
            for row in rows { streams[row[0]] = row[1] }
            if let last = rows.last { loadedThrough = last[0] }
        } else if let name = try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM streams WHERE id = ?"), arguments: [id]) {
            streams[id] = name
        }
        guard let name = streams[id] else {
            throw EventLogError(.corrupt(sequence: nil), "stream id \(id) has no name in the streams table")
        }
        return name
    }

    mutating func type(_ id: Int64, _ db: Database) throws -> String {
        if let name = types[id] { return name }
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM event_types") {
            types[row[0]] = row[1]
        }
        guard let name = types[id] else {
            throw EventLogError(.corrupt(sequence: nil), "type id \(id) has no name in the event_types table")
        }
        return name
    }
}
