import XCTest
import Zstd

/// `ZstdBufferDecompressor`: chunks decompressed straight into a caller's buffer.
final class BufferDecompressorTests: XCTestCase {
    /// Decompresses `frame`, `chunkSize` bytes at a time, into a buffer of `room` bytes; returns
    /// the bytes written.
    private func decompress(_ frame: [UInt8], chunkSize: Int, room: Int) throws -> [UInt8] {
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: room, alignment: 1)
        defer { output.deallocate() }
        let decompressor = try ZstdBufferDecompressor(into: output)
        try frame.withUnsafeBytes { frame in
            for start in stride(from: 0, to: frame.count, by: chunkSize) {
                try decompressor.decompress(UnsafeRawBufferPointer(rebasing: frame[start..<min(start + chunkSize, frame.count)]))
            }
        }
        return Array(output[..<(try decompressor.finish())])
    }

    func test_exactBuffer_anyChunkSize() throws {
        let input = TestData.compressible(count: 300_000) + TestData.random(count: 70_000)
        let frame = try Zstd.compress(input, level: 3)
        for chunkSize in [1, 7, 4096, 1 << 20] {
            XCTAssertEqual(try decompress(frame, chunkSize: chunkSize, room: input.count), input, "chunks of \(chunkSize)")
        }
    }

    func test_emptyFrame_intoAnEmptyBuffer() throws {
        let frame = try Zstd.compress([UInt8](), level: 3)
        XCTAssertEqual(try decompress(frame, chunkSize: 1, room: 0), [])
        XCTAssertEqual(caughtError { try decompress(Array(frame.dropLast()), chunkSize: 1, room: 0) }?.code, .truncatedFrame)
        XCTAssertEqual(caughtError { try decompress([], chunkSize: 1, room: 0) }?.code, .truncatedFrame)
    }

    func test_concatenatedFrames_fillOneBuffer() throws {
        let first = TestData.compressible(count: 10_000), second = TestData.random(count: 5_000)
        let frames = try Zstd.compress(first, level: 1) + Zstd.compress(second, level: 1)
        XCTAssertEqual(try decompress(frames, chunkSize: 999, room: 15_000), first + second)
    }

    func test_frameLargerThanBuffer_isRefused() throws {
        let input = TestData.compressible(count: 50_000)
        let frame = try Zstd.compress(input, level: 3)
        for chunkSize in [3, 1 << 20] {
            XCTAssertEqual(caughtError { try decompress(frame, chunkSize: chunkSize, room: 49_999) }?.code, .sizeLimitExceeded)
        }
        // A frame without a declared size is stopped as it passes the end.
        let compressor = try ZstdCompressor(level: 3)
        let undeclared = try compressor.compress(input) + compressor.finish()
        XCTAssertEqual(caughtError { try decompress(undeclared, chunkSize: 100, room: 40_000) }?.code, .sizeLimitExceeded)
    }

    func test_truncatedFrame_failsAtFinish() throws {
        let frame = try Zstd.compress(TestData.compressible(count: 20_000), level: 3)
        XCTAssertEqual(caughtError { try decompress(Array(frame.dropLast(5)), chunkSize: 64, room: 20_000) }?.code, .truncatedFrame)
    }

    func test_corruptChecksum_isALibraryError() throws {
        var frame = try Zstd.compress(TestData.compressible(count: 20_000), level: 3)
        frame[frame.count - 1] ^= 0xFF
        XCTAssertNotNil(caughtError { try decompress(frame, chunkSize: 512, room: 20_000) }?.code.libraryCode, "reported by libzstd")
    }
}
