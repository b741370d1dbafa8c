import Foundation
import XCTest
import Zstd

/// Frames written in pieces, with gaps filled later, decompress to the content joined.
final class FramesWriterTests: XCTestCase {
    private let input: [UInt8] = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 5) }

    /// Both ways snapshots are read: whole, and a piece at a time into a buffer of the content's size.
    private func decompressed(_ frames: Data, size: Int) throws -> [UInt8] {
        let whole = try Zstd.decompress(frames, maxSize: size)
        let pieces = try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            let decompressor = try ZstdBufferDecompressor(into: UnsafeMutableRawBufferPointer(buffer))
            for start in stride(from: 0, to: frames.count, by: 1_000) {
                try frames[start..<min(start + 1_000, frames.count)].withUnsafeBytes { try decompressor.decompress($0) }
            }
            count = try decompressor.finish()
        }
        XCTAssertTrue(whole == pieces, "whole and in pieces")
        return whole
    }

    func test_pieces_compressIntoFrames_ofTheWholeInput() throws {
        for chunkSize in [1_000, 65_536, 300_000] {
            let writer = try ZstdFramesWriter(level: 3, maxContentSize: input.count)
            for start in stride(from: 0, to: input.count, by: chunkSize) {
                try input[start..<min(start + chunkSize, input.count)].withUnsafeBytes { try writer.write($0) }
            }
            let frames = try writer.finish()
            XCTAssertEqual(writer.contentSize, input.count)
            XCTAssertLessThan(frames.count, input.count / 10)
            XCTAssertTrue(try decompressed(frames, size: input.count) == input, "chunks of \(chunkSize)")
        }
    }

    /// Gaps, nested and one after the other, filled innermost first, at the start and at the end.
    func test_gapsFilledLater_decompressInPlace() throws {
        let writer = try ZstdFramesWriter(maxContentSize: input.count + 100)
        var expected: [UInt8] = []
        var offsets: [Int] = []
        func write(_ range: Range<Int>) throws {
            try input[range].withUnsafeBytes { try writer.write($0) }
            expected += input[range]
        }
        func gap() throws -> Int {
            offsets.append(expected.count)
            return try writer.gap()
        }
        // Gaps after an open one are filled first, so an open gap's offset never moves.
        func fill(_ gap: Int, _ bytes: [UInt8]) throws {
            try bytes.withUnsafeBytes { try writer.fill(gap, with: $0) }
            expected.insert(contentsOf: bytes, at: offsets[gap])
        }
        let outer = try gap()
        try write(0..<100_000)
        let inner = try gap()
        try write(100_000..<200_000)
        try fill(inner, [1, 2, 3])
        let next = try gap()
        try fill(next, Array(repeating: 0xFF, count: ZstdFramesWriter.maxGapSize))
        try write(200_000..<300_000)
        try fill(outer, [9])
        let last = try gap()
        try fill(last, [])
        XCTAssertEqual([outer, inner, next, last], [0, 1, 2, 3])
        let frames = try writer.finish()
        XCTAssertEqual(writer.contentSize, expected.count)
        XCTAssertTrue(try decompressed(frames, size: expected.count) == expected, "the content with its gaps filled")
        XCTAssertTrue(Zstd.hasContentChecksum(frames))
    }

    func test_gapsMisused_orContentPastTheLimit_areRefused() throws {
        let unfilled = try ZstdFramesWriter(maxContentSize: 100)
        _ = try unfilled.gap()
        XCTAssertThrowsError(try unfilled.finish())
        let twice = try ZstdFramesWriter(maxContentSize: 100)
        let gap = try twice.gap()
        try [UInt8(1)].withUnsafeBytes { try twice.fill(gap, with: $0) }
        XCTAssertThrowsError(try [UInt8(1)].withUnsafeBytes { try twice.fill(gap, with: $0) })
        let wide = try ZstdFramesWriter(maxContentSize: 100)
        let wideGap = try wide.gap()
        XCTAssertThrowsError(try [UInt8](repeating: 1, count: ZstdFramesWriter.maxGapSize + 1).withUnsafeBytes { try wide.fill(wideGap, with: $0) })
        let few = try ZstdFramesWriter(maxContentSize: 100, maxGaps: 2)
        _ = try few.gap()
        _ = try few.gap()
        XCTAssertThrowsError(try few.gap())
        let limited = try ZstdFramesWriter(maxContentSize: 10)
        try [UInt8](repeating: 1, count: 10).withUnsafeBytes { try limited.write($0) }
        XCTAssertThrowsError(try [UInt8(1)].withUnsafeBytes { try limited.write($0) }) { error in
            XCTAssertEqual((error as? ZstdError)?.code, .sizeLimitExceeded)
        }
    }

    func test_anEmptyContent_makesAFrame() throws {
        let writer = try ZstdFramesWriter(maxContentSize: 0)
        XCTAssertEqual(try Zstd.decompress(try writer.finish(), maxSize: 0), [])
    }
}

/// What a frame's header declares.
final class FrameHeaderTests: XCTestCase {
    func test_framesOfThisModule_declareAContentChecksum_otherFramesAndBytesDoNot() throws {
        let input = [UInt8](repeating: 7, count: 1_000)
        XCTAssertTrue(Zstd.hasContentChecksum(try Zstd.compress(input)))
        let writer = try ZstdFramesWriter(maxContentSize: input.count)
        try input.withUnsafeBytes { try writer.write($0) }
        XCTAssertTrue(Zstd.hasContentChecksum(try writer.finish()))
        // The same frame without its checksum: the descriptor's bit 2 cleared, the last 4 bytes cut.
        var unchecked = try Zstd.compress(input)
        unchecked[4] &= ~0b100
        unchecked.removeLast(4)
        XCTAssertFalse(Zstd.hasContentChecksum(unchecked))
        XCTAssertEqual(try Zstd.decompress(unchecked, maxSize: input.count), input)
        XCTAssertFalse(Zstd.hasContentChecksum([UInt8]()))
        XCTAssertFalse(Zstd.hasContentChecksum([UInt8](repeating: 0, count: 32)))
        XCTAssertFalse(Zstd.hasContentChecksum(Array(try Zstd.compress(input).prefix(4))))
    }
}
