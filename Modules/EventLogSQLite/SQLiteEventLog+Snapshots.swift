import Crypto
import EventLog
import Foundation
import GRDB
import PlatformKit
import Zstd

extension SQLiteEventLog: SnapshotStore {
    private static let snapshotColumns = "id, projection, projection_version, sequence, state_size, length(data), created_at"

    public func snapshots(of projection: String) throws -> [SnapshotInfo] {
        try reading { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Self.snapshotColumns) FROM snapshots WHERE projection = ? ORDER BY sequence DESC, id DESC
                """, arguments: [projection]).map(Self.snapshotInfo)
        }
    }

    public func allSnapshots() throws -> [SnapshotInfo] {
        try reading { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.snapshotColumns) FROM snapshots ORDER BY id").map(Self.snapshotInfo)
        }
    }

    /// Decompresses the snapshot and checks the SHA-256 of the state against the stored checksum.
    public func loadState(_ snapshot: SnapshotInfo) throws -> [UInt8] {
        let stored = try reading { db in
            try Row.fetchOne(db, sql: "SELECT data, checksum, state_size FROM snapshots WHERE id = ?", arguments: [snapshot.id])
        }
        guard let stored else { throw EventLogError(.invalidInput, "\(path): no snapshot with id \(snapshot.id)") }
        let size: Int = stored[2]
        guard size <= options.maxSnapshotSize else {
            throw EventLogError(.corrupt(sequence: nil), "snapshot \(snapshot.id): state size \(size) exceeds the \(options.maxSnapshotSize)-byte limit")
        }
        let state: [UInt8]
        do {
            state = try Zstd.decompress(stored[0] as Data, maxSize: size)
        } catch {
            throw EventLogError(.corrupt(sequence: nil), "snapshot \(snapshot.id): \(error)")
        }
        guard state.count == size, Array(SHA256.hash(data: state)) == [UInt8](stored[1] as Data) else {
            throw EventLogError(.corrupt(sequence: nil), "snapshot \(snapshot.id): checksum mismatch")
        }
        return state
    }

    /// Compresses `state` with zstd and stores it with the SHA-256 of the uncompressed bytes.
    @discardableResult
    public func saveSnapshot(projection: String, version: Int, sequence: Int64, state: some ContiguousBytes) throws -> SnapshotInfo {
        let compressed = try Zstd.compress(state, level: options.snapshotCompressionLevel)
        let (checksum, size) = state.withUnsafeBytes { (Data(SHA256.hash(data: $0)), $0.count) }
        let now = clock.now()
        do {
            return try pool.write { db in
                try db.execute(sql: """
                    INSERT INTO snapshots(projection, projection_version, sequence, state_size, checksum, data, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [projection, version, sequence, size, checksum, Data(compressed), now.millisecondsSinceEpoch])
                return SnapshotInfo(
                    id: db.lastInsertedRowID, projection: projection, projectionVersion: version, sequence: sequence,
                    stateSize: size, storedSize: compressed.count, createdAt: now
                )
            }
        } catch {
            throw Self.mapped(error, path: path)
        }
    }

    private static func snapshotInfo(_ row: Row) -> SnapshotInfo {
        SnapshotInfo(
            id: row[0], projection: row[1], projectionVersion: row[2], sequence: row[3],
            stateSize: row[4], storedSize: row[5], createdAt: Instant(millisecondsSinceEpoch: row[6])
        )
    }
}
