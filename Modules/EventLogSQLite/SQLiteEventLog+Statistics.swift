import EventLog
import Foundation
import GRDB
import PlatformKit

/// What `eventlog info` and `eventlog stats` show.
public struct LogStatistics: Sendable {
    public struct TypeCount: Sendable {
        public var type: String
        public var events: Int64
        /// Payload bytes stored in the events' rows: compressed where the log compresses
        /// payloads alone; those in payload blocks count in ``LogStatistics/payloadBlockBytes``.
        public var payloadBytes: Int64
        /// Events whose payloads are in payload blocks.
        public var eventsInBlocks: Int64
    }

    public var formatVersion: Int
    public var fileBytes: Int64
    public var events: Int64
    public var lastSequence: Int64
    public var streams: Int64
    /// Dictionaries payloads are compressed against (see ``PayloadCompression``).
    public var payloadDictionaries: Int
    /// Payload blocks (see ``PayloadCompression``), and their stored bytes.
    public var payloadBlocks: Int64
    public var payloadBlockBytes: Int64
    public var types: [TypeCount]
    public var firstRecordedAt: Instant?
    public var lastRecordedAt: Instant?
    public var indexedThrough: Int64
    public var snapshots: Int
    public var snapshotStateBytes: Int64
    public var snapshotStoredBytes: Int64
    /// The newest event's chain hash (hex): equal heads mean equal logs.
    public var headHash: String?

    /// Uncompressed over compressed size of all snapshots; `nil` without snapshots.
    public var snapshotCompressionRatio: Double? {
        snapshotStoredBytes > 0 ? Double(snapshotStateBytes) / Double(snapshotStoredBytes) : nil
    }
}

extension SQLiteEventLog {
    /// Counts for `info`; `byType` adds the per-type breakdown (a full scan).
    public func statistics(byType: Bool) throws -> LogStatistics {
        let fileBytes = ["", "-wal"].reduce(Int64(0)) { total, suffix in
            let size = (try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? NSNumber)?.int64Value
            return total + (size ?? 0)
        }
        return try reading { db in
            let snapshot = try Row.fetchOne(db, sql: "SELECT count(*), COALESCE(SUM(state_size), 0), COALESCE(SUM(length(data)), 0) + (SELECT COALESCE(SUM(length(data)), 0) FROM snapshot_data) FROM snapshots")!
            let bounds = try Row.fetchOne(db, sql: """
                SELECT count(*), COALESCE(MAX(seq), 0),
                       (SELECT recorded_at FROM events ORDER BY seq LIMIT 1),
                       (SELECT recorded_at FROM events ORDER BY seq DESC LIMIT 1)
                FROM events
                """)!
            let blocks = try Row.fetchOne(db, sql: "SELECT count(*), COALESCE(SUM(length(data)), 0) FROM payload_blocks")!
            var types: [LogStatistics.TypeCount] = []
            if byType {
                types = try Row.fetchAll(db, sql: """
                    SELECT t.name, count(*), SUM(length(e.payload)), count(e.payload_block) FROM events e JOIN event_types t ON t.id = e.type_id
                    GROUP BY e.type_id ORDER BY count(*) DESC, t.name
                    """).map { LogStatistics.TypeCount(type: $0[0], events: $0[1], payloadBytes: $0[2], eventsInBlocks: $0[3]) }
            }
            return LogStatistics(
                formatVersion: try Int.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'format_version'") ?? 0,
                fileBytes: fileBytes,
                events: bounds[0],
                lastSequence: bounds[1],
                streams: try Int64.fetchOne(db, sql: "SELECT count(*) FROM streams") ?? 0,
                payloadDictionaries: try Int.fetchOne(db, sql: "SELECT count(*) FROM payload_dictionaries") ?? 0,
                payloadBlocks: blocks[0],
                payloadBlockBytes: blocks[1],
                types: types,
                firstRecordedAt: (bounds[2] as Int64?).map(Instant.init(millisecondsSinceEpoch:)),
                lastRecordedAt: (bounds[3] as Int64?).map(Instant.init(millisecondsSinceEpoch:)),
                indexedThrough: try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'indexed_through'") ?? 0,
                snapshots: snapshot[0],
                snapshotStateBytes: snapshot[1],
                snapshotStoredBytes: snapshot[2],
                headHash: try Self.headHash(db)
            )
        }
    }
}
