import Crypto
import EventLog
import Zstd

/// How a stored snapshot is checked (its row's `checksum_of`), and its state decompressed.
///
/// Since format 4 a snapshot is checked by its zstd frames' content checksums (`frame`, XXH64;
/// a snapshot is one frame, or since 2026-11-27 several: see `ZstdFramesWriter`), which libzstd
/// computes as it decompresses, instead of a second pass over the stored bytes
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

    /// The state of `size` bytes (its recorded size) decompressed from the stored bytes, which
    /// `readStored` hands to the closure it is given in pieces, in order; and checked. The pieces
    /// are decompressed as they come, straight into the state: the stored bytes are never held whole.
    func state(size: Int, limit: Int, readStored: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws -> [UInt8] {
        guard size >= 0 else { throw EventLogError(.corrupt(sequence: nil), "snapshot \(id): state size \(size) is negative") }
        guard size <= limit else {
            throw EventLogError(.corrupt(sequence: nil), "snapshot \(id): state size \(size) exceeds the \(limit)-byte limit")
        }
        let mismatch = EventLogError(.corrupt(sequence: nil), "snapshot \(id): checksum mismatch")
        var storedHash: SHA256? = if case .storedSHA256 = kind { SHA256() } else { nil }
        // The frame's first bytes, until they hold its header (whose flags say it has a checksum).
        var header: [UInt8] = []
        let state: [UInt8]
        do {
            // A SHA-256 checks the stored bytes or the state: zstd's own checksum would be computed for nothing.
            state = try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                let decompressor = try ZstdBufferDecompressor(into: UnsafeMutableRawBufferPointer(buffer), verifyingChecksum: kind == .frame)
                try readStored { piece in
                    if kind == .frame, header.count < Self.frameHeaderMax { header += piece.prefix(Self.frameHeaderMax - header.count) }
                    storedHash?.update(bufferPointer: piece)
                    try decompressor.decompress(piece)
                }
                count = try decompressor.finish()
            }
        } catch let error as ZstdError {
            let isMismatch = error.code == .library(Self.zstdChecksumWrong) || (kind == .frame && !Zstd.hasContentChecksum(header))
            throw isMismatch ? mismatch : EventLogError(.corrupt(sequence: nil), "snapshot \(id): \(error)")
        }
        guard state.count == size, kind != .frame || Zstd.hasContentChecksum(header) else { throw mismatch }
        switch kind {
        case .frame: break
        case .storedSHA256(let checksum): guard let storedHash, Array(storedHash.finalize()) == checksum else { throw mismatch }
        case .stateSHA256(let checksum): guard Array(SHA256.hash(data: state)) == checksum else { throw mismatch }
        }
        return state
    }

    /// The longest zstd frame header (`ZSTD_FRAMEHEADERSIZE_MAX`).
    private static let frameHeaderMax = 18

    /// libzstd's `ZSTD_error_checksum_wrong` (stable value from zstd_errors.h).
    private static let zstdChecksumWrong = 22
}
