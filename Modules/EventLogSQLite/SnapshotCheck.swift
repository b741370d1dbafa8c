import Crypto
import EventLog
import Zstd

/// How a stored snapshot is checked (its row's `checksum_of`), and its state decompressed.
///
/// Since format 4 a snapshot is checked by its zstd frame's content checksum (`frame`, XXH64),
/// which libzstd computes as it decompresses, instead of a second pass over the stored bytes
/// for their SHA-256 (`stored`, format 3). Snapshots of format 2 keep the SHA-256 of their
/// encoded state (`state`). All three load.
struct SnapshotCheck {
    private enum Kind: Equatable {
        case frame
        case storedSHA256([UInt8])
        case stateSHA256([UInt8])
    }

    private let id: Int64
    private let kind: Kind

    /// The check of snapshot `id`, from its row's `checksum_of` and `checksum`.
    init(id: Int64, kind: String, checksum: [UInt8]) throws {
        self.id = id
        switch kind {
        case "frame": self.kind = .frame
        case "stored": self.kind = .storedSHA256(checksum)
        case "state": self.kind = .stateSHA256(checksum)
        default: throw EventLogError(.corrupt(sequence: nil), "snapshot \(id): unknown checksum kind '\(kind)'")
        }
    }

    /// The state decompressed from `stored` and checked; `size` is the state's recorded size.
    func state(stored: UnsafeRawBufferPointer, size: Int, limit: Int) throws -> [UInt8] {
        guard size <= limit else {
            throw EventLogError(.corrupt(sequence: nil), "snapshot \(id): state size \(size) exceeds the \(limit)-byte limit")
        }
        let mismatch = EventLogError(.corrupt(sequence: nil), "snapshot \(id): checksum mismatch")
        switch kind {
        case .frame: guard Zstd.hasContentChecksum(stored) else { throw mismatch }
        case .storedSHA256(let checksum): guard Array(SHA256.hash(data: stored)) == checksum else { throw mismatch }
        case .stateSHA256: break
        }
        let state: [UInt8]
        do {
            // A SHA-256 checks these bytes or the state: zstd's own checksum would be computed for nothing.
            state = try Zstd.decompress(stored, maxSize: size, verifyingChecksum: kind == .frame)
        } catch where error.code == .library(Self.zstdChecksumWrong) {
            throw mismatch
        } catch {
            throw EventLogError(.corrupt(sequence: nil), "snapshot \(id): \(error)")
        }
        guard state.count == size else { throw mismatch }
        if case .stateSHA256(let checksum) = kind, Array(SHA256.hash(data: state)) != checksum { throw mismatch }
        return state
    }

    /// libzstd's `ZSTD_error_checksum_wrong` (stable value from zstd_errors.h).
    private static let zstdChecksumWrong = 22
}
