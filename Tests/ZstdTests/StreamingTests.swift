import XCTest
import Zstd

final class StreamingTests: XCTestCase {
    /// Compresses `input` with a `ZstdCompressor`, feeding `chunkSize` bytes at a time.
    private func streamCompress(_ input: [UInt8], chunkSize: Int, level: Int = 3) throws -> [UInt8] {
        let compressor = try ZstdCompressor(level: level)
        var frame: [UInt8] = []
        for start in stride(from: 0, to: input.count, by: chunkSize) {
            frame += try compressor.compress(input[start..<min(start + chunkSize, input.count)])
        }
        return frame + (try compressor.finish())
    }

    /// Decompresses `frame` with a `ZstdDecompressor`, feeding `chunkSize` bytes at a time.
    private func streamDecompress(_ frame: [UInt8], chunkSize: Int, maxSize: Int) throws -> [UInt8] {
        let decompressor = try ZstdDecompressor(maxSize: maxSize)
        var output: [UInt8] = []
        for start in stride(from: 0, to: frame.count, by: chunkSize) {
            output += try decompressor.decompress(frame[start..<min(start + chunkSize, frame.count)])
        }
        try decompressor.finish()
        return output
    }

    func test_streaming_roundTripWithManySmallChunks() throws {
        let input = TestData.compressible(count: 300_000) + TestData.random(count: 100_000)
        let frame = try streamCompress(input, chunkSize: 37)
        XCTAssertEqual(try streamDecompress(frame, chunkSize: 13, maxSize: input.count), input)
    }

    func test_streaming_outputDecompressesOneShot() throws {
        let input = TestData.compressible(count: 500_000)
        let frame = try streamCompress(input, chunkSize: 4096)
        let descriptor = try frameHeaderDescriptor(frame)
        XCTAssertNotEqual(descriptor & 0x04, 0, "content checksum flag")
        XCTAssertEqual(try Zstd.decompress(frame, maxSize: input.count), input)
    }

    func test_oneShot_outputDecompressesStreaming() throws {
        let input = TestData.random(count: 200_000) + TestData.compressible(count: 200_000)
        let frame = try Zstd.compress(input, level: 5)
        XCTAssertEqual(try streamDecompress(frame, chunkSize: 1000, maxSize: input.count), input)
    }

    func test_streaming_emptyInputMakesValidFrame() throws {
        let frame = try streamCompress([], chunkSize: 10)
        XCTAssertFalse(frame.isEmpty)
        XCTAssertEqual(try Zstd.decompress(frame, maxSize: 0), [])
        XCTAssertEqual(try streamDecompress(frame, chunkSize: 1, maxSize: 0), [])
    }

    func test_compressor_startsNewFrameAfterFinish() throws {
        let compressor = try ZstdCompressor(level: 1)
        let first = try compressor.compress(Array("first".utf8)) + compressor.finish()
        let second = try compressor.compress(Array("second".utf8)) + compressor.finish()
        XCTAssertEqual(try Zstd.decompress(first, maxSize: 100), Array("first".utf8))
        XCTAssertEqual(try Zstd.decompress(second, maxSize: 100), Array("second".utf8))
        XCTAssertEqual(try streamDecompress(first + second, chunkSize: 3, maxSize: 100), Array("firstsecond".utf8))
    }

    func test_compressor_rejectsInvalidLevel() throws {
        let error = try XCTUnwrap(caughtError { try ZstdCompressor(level: Zstd.maxLevel + 1) })
        XCTAssertEqual(error.code, .invalidLevel)
    }

    func test_decompressor_finishFailsOnTruncatedInput() throws {
        let frame = try Zstd.compress(TestData.compressible(count: 50_000))
        let decompressor = try ZstdDecompressor(maxSize: 50_000)
        _ = try decompressor.decompress(frame.dropLast(1))
        let error = try XCTUnwrap(caughtError { try decompressor.finish() })
        XCTAssertEqual(error.code, .truncatedFrame)
        XCTAssertEqual(error.description, "zstd: input ends in the middle of a frame (truncated)")
    }

    func test_decompressor_finishFailsWithoutInput() throws {
        let decompressor = try ZstdDecompressor(maxSize: 100)
        _ = try decompressor.decompress([UInt8]())
        XCTAssertEqual(caughtError { try decompressor.finish() }?.code, .truncatedFrame)
    }

    func test_decompressor_ignoresEmptyChunksBetweenFrames() throws {
        let frame = try Zstd.compress(Array("abc".utf8))
        let decompressor = try ZstdDecompressor(maxSize: 100)
        XCTAssertEqual(try decompressor.decompress([UInt8]()), [])
        XCTAssertEqual(try decompressor.decompress(frame), Array("abc".utf8))
        XCTAssertEqual(try decompressor.decompress([UInt8]()), [])
        XCTAssertNoThrow(try decompressor.finish())
    }

    func test_decompressor_endsFrameWhenOutputFillsWholeBlocks() throws {
        // 128 KiB is both zstd's block size and the decompressor's output step.
        for size in [128 << 10, 256 << 10] {
            let input = TestData.random(count: size, seed: UInt64(size))
            let compressor = try ZstdCompressor()
            for frame in [try Zstd.compress(input), try compressor.compress(input) + compressor.finish()] {
                let decompressor = try ZstdDecompressor(maxSize: size)
                XCTAssertEqual(try decompressor.decompress(frame), input, "size \(size)")
                XCTAssertNoThrow(try decompressor.finish(), "size \(size)")
            }
        }
    }

    func test_decompressor_errorIsSticky() throws {
        let decompressor = try ZstdDecompressor(maxSize: 100)
        let first = try XCTUnwrap(caughtError { try decompressor.decompress(Array("garbage!".utf8)) })
        let frame = try Zstd.compress([1, 2, 3])
        XCTAssertEqual(caughtError { try decompressor.decompress(frame) }, first)
        XCTAssertEqual(caughtError { try decompressor.finish() }, first)
    }
}
