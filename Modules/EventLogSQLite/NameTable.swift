import EventLog
import GRDB

/// Stream and type names by id, as readers see them; refreshed when an unknown id shows up.
struct NameTable: Sendable {
    var streams: [Int64: String] = [:]
    var types: [Int64: String] = [:]

    mutating func stream(_ id: Int64, _ db: Database) throws -> String {
        if let name = streams[id] { return name }
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM streams WHERE id >= ?", arguments: [id]) {
            streams[row[0]] = row[1]
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
