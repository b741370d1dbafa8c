import Crypto
import EventLog
@testable import EventLogSQLite
import XCTest
import Zstd

/// `SnapshotCheck`: a state decompressed from stored bytes read in pieces, checked by each kind.
final class SnapshotCheckTests: XCTestCase {
    private let state: [UInt8] = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 5) }

    /// `stored` handed over in pieces of `piece` bytes.
    private func load(_ stored: [UInt8], kind: String, checksum: [UInt8] = [], size: Int? = nil, piece: Int) throws -> [UInt8] {
        let check = try SnapshotCheck(id: 7, kind: kind, checksum: checksum)
        return try check.state(size: size ?? state.count, limit: 1 << 20) { body in
            try stored.withUnsafeBytes { stored in
                for start in stride(from: 0, to: stored.count, by: piece) {
                    try body(UnsafeRawBufferPointer(rebasing: stored[start..<min(start + piece, stored.count)]))
                }
            }
        }
    }

    private func message(_ body: () throws -> [UInt8]) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    func test_everyKind_loadsFromAnyPieceSize() throws {
        let framed = try Zstd.compress(state, level: 3)
        for piece in [1, 13, 4096, 1 << 20] {
            XCTAssertEqual(try load(framed, kind: "frame", piece: piece), state)
            XCTAssertEqual(try load(framed, kind: "stored", checksum: Array(SHA256.hash(data: framed)), piece: piece), state)
            XCTAssertEqual(try load(framed, kind: "state", checksum: Array(SHA256.hash(data: state)), piece: piece), state)
        }
    }

    func test_anEmptyState_loads() throws {
        let frame = try Zstd.compress([UInt8](), level: 3)
        XCTAssertEqual(try load(frame, kind: "frame", size: 0, piece: 5), [])
    }

    func test_aChangedByte_orAWrongSize_isAMismatch() throws {
        var framed = try Zstd.compress(state, level: 3)
        XCTAssertEqual(message { try load(framed, kind: "frame", size: state.count - 1, piece: 100) }, "snapshot 7: zstd: frame declares 200000 bytes, past the 199999-byte limit")
        XCTAssertEqual(message { try load(framed, kind: "frame", size: state.count + 1, piece: 100) }, "snapshot 7: checksum mismatch")
        framed[framed.count - 1] ^= 1
        XCTAssertEqual(message { try load(framed, kind: "frame", piece: 100) }, "snapshot 7: checksum mismatch")
        // The SHA-256 kinds do not compute the frame's checksum: the changed byte is theirs to find.
        XCTAssertEqual(message { try load(framed, kind: "stored", checksum: Array(SHA256.hash(data: framed)), piece: 100) }, nil)
        XCTAssertEqual(message { try load(framed, kind: "stored", checksum: Array(repeating: 0, count: 32), piece: 100) }, "snapshot 7: checksum mismatch")
        XCTAssertEqual(message { try load(framed, kind: "state", checksum: Array(repeating: 0, count: 32), piece: 100) }, "snapshot 7: checksum mismatch")
    }

    func test_truncatedOrOversizedStates_areCorrupt() throws {
        let framed = try Zstd.compress(state, level: 3)
        XCTAssertEqual(message { try load(Array(framed.dropLast(9)), kind: "frame", piece: 64) }, "snapshot 7: zstd: input ends in the middle of a frame (truncated)")
        XCTAssertEqual(message { try load([], kind: "frame", piece: 64) }, "snapshot 7: checksum mismatch")
        XCTAssertEqual(message { try load([], kind: "state", checksum: Array(SHA256.hash(data: state)), piece: 64) }, "snapshot 7: zstd: input is empty, expected a zstd frame")
        XCTAssertEqual(message { try load(framed, kind: "frame", size: 2 << 20, piece: 64) }, "snapshot 7: state size 2097152 exceeds the 1048576-byte limit")
    }
}
