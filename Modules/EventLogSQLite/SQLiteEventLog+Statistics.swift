import EventLog
import Foundation
import GRDB
import PlatformKit

/// What `eventlog info` and `eventlog stats` show.
public struct LogStatistics: Sendable {
    public struct TypeCount: Sendable {
        public var type: String
        public var events: Int64
        /// Payload bytes stored in the events' rows (written before event blocks): compressed
        /// where the log compressed payloads alone; those in payload blocks count in
        /// ``LogStatistics/payloadBlockBytes``, those in event blocks in ``LogStatistics/eventBlockBytes``.
        public var payloadBytes: Int64
        /// Events whose payloads are in payload blocks or event blocks.
        public var eventsInBlocks: Int64
        /// Payload bytes of the events in event blocks, as appended (a block compresses whole
        /// events together: no type's share of its stored bytes is known).
        public var appendedPayloadBytesInEventBlocks: Int64 = 0
    }

    public var formatVersion: Int
    public var fileBytes: Int64
    public var events: Int64
    public var lastSequence: Int64
    public var streams: Int64
    /// Dictionaries payloads are compressed against (see ``PayloadCompression``).
    public var payloadDictionaries: Int
    /// Payload blocks (written before event blocks), and their stored bytes.
    public var payloadBlocks: Int64
    public var payloadBlockBytes: Int64
    /// Event blocks (see ``SQLiteEventLogOptions/eventsPerBlock``), and their stored bytes.
    public var eventBlocks: Int64
    public var eventBlockBytes: Int64
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
            let rows = try Row.fetchOne(db, sql: """
                SELECT count(*), (SELECT recorded_at FROM events ORDER BY seq LIMIT 1), (SELECT recorded_at FROM events ORDER BY seq DESC LIMIT 1)
                FROM events
                """)!
            let blocks = try Row.fetchOne(db, sql: "SELECT count(*), COALESCE(SUM(length(data)), 0) FROM payload_blocks")!
            let eventBlocks = try Row.fetchOne(db, sql: "SELECT count(*), COALESCE(SUM(last_seq - first_seq + 1), 0), COALESCE(SUM(length(data)), 0) FROM event_blocks")!
            var reader = PayloadReader(payloadDictionaries)
            let last = try Self.lastSequence(db)
            let firstInBlocks = try Self.block(holding: (try Self.lastRowSequence(db)) + 1, &reader, db)
            let lastInBlocks = try Self.block(holding: last, &reader, db)
            var types: [LogStatistics.TypeCount] = []
            if byType {
                types = try typeCounts(db)
            }
            return LogStatistics(
                formatVersion: try Int.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'format_version'") ?? 0,
                fileBytes: fileBytes,
                events: rows[0] + eventBlocks[1],
                lastSequence: last,
                streams: try Int64.fetchOne(db, sql: "SELECT count(*) FROM streams") ?? 0,
                payloadDictionaries: try Int.fetchOne(db, sql: "SELECT count(*) FROM payload_dictionaries") ?? 0,
                payloadBlocks: blocks[0],
                payloadBlockBytes: blocks[1],
                eventBlocks: eventBlocks[0],
                eventBlockBytes: eventBlocks[2],
                types: types,
                firstRecordedAt: (rows[1] as Int64?).map(Instant.init(millisecondsSinceEpoch:)) ?? firstInBlocks?.records.first.map { Instant(millisecondsSinceEpoch: $0.recordedAt) },
                lastRecordedAt: lastInBlocks?.records.last.map { Instant(millisecondsSinceEpoch: $0.recordedAt) } ?? (rows[2] as Int64?).map(Instant.init(millisecondsSinceEpoch:)),
                indexedThrough: try Self.indexedThrough(db),
                snapshots: snapshot[0],
                snapshotStateBytes: snapshot[1],
                snapshotStoredBytes: snapshot[2],
                headHash: try Self.headHash(db)
            )
        }
    }

    /// Events and stored payload bytes by type: the rows' by SQL, the blocks' by reading each (a full scan).
    private func typeCounts(_ db: Database) throws -> [LogStatistics.TypeCount] {
        var counts: [Int64: LogStatistics.TypeCount] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT t.id, t.name, count(*), SUM(length(e.payload)), count(e.payload_block) FROM events e JOIN event_types t ON t.id = e.type_id
            GROUP BY e.type_id
            """) {
            counts[row[0]] = LogStatistics.TypeCount(type: row[1], events: row[2], payloadBytes: row[3], eventsInBlocks: row[4])
        }
        var names = NameTable()
        var reader = PayloadReader(payloadDictionaries)
        try Self.forEachBlock(from: 1, through: .max, &reader, db) { block in
            for record in block.records {
                if counts[record.type] == nil {
                    counts[record.type] = LogStatistics.TypeCount(type: try names.type(record.type, db), events: 0, payloadBytes: 0, eventsInBlocks: 0)
                }
                counts[record.type]!.events += 1
                counts[record.type]!.eventsInBlocks += 1
                counts[record.type]!.appendedPayloadBytesInEventBlocks += Int64(record.payload.count)
            }
            return true
        }
        return counts.values.sorted { ($0.events, $1.type) > ($1.events, $0.type) }
    }
}
