import Foundation
import XCTest
import Zstd

/// A frame written in chunks decompresses to the chunks joined, and records its size.
final class FrameWriterTests: XCTestCase {
    private let input: [UInt8] = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 5) }

    func test_chunks_compressIntoOneFrame_ofTheWholeInput() throws {
        for chunkSize in [1_000, 65_536, 300_000] {
            let writer = try ZstdFrameWriter(level: 3, contentSize: input.count)
            for start in stride(from: 0, to: input.count, by: chunkSize) {
                try input[start..<min(start + chunkSize, input.count)].withUnsafeBytes { try writer.write($0) }
            }
            let frame = try writer.finish()
            XCTAssertLessThan(frame.count, input.count / 10)
            XCTAssertEqual(try Zstd.decompress(frame, maxSize: input.count), input, "chunks of \(chunkSize)")
            // The frame declares its size: a smaller limit is refused before decompressing.
            XCTAssertThrowsError(try Zstd.decompress(frame, maxSize: input.count - 1))
        }
    }

    func test_chunksThatDoNotAddUpToThePledgedSize_areRefused() throws {
        let short = try ZstdFrameWriter(contentSize: 10)
        try [UInt8](repeating: 1, count: 9).withUnsafeBytes { try short.write($0) }
        XCTAssertThrowsError(try short.finish())
        let long = try ZstdFrameWriter(contentSize: 10)
        XCTAssertThrowsError(try [UInt8](repeating: 1, count: 11).withUnsafeBytes { try long.write($0) })
    }

    func test_anEmptyContent_makesAFrame() throws {
        let writer = try ZstdFrameWriter(contentSize: 0)
        XCTAssertEqual(try Zstd.decompress(try writer.finish(), maxSize: 0), [])
    }
}

/// What a frame's header declares.
final class FrameHeaderTests: XCTestCase {
    func test_framesOfThisModule_declareAContentChecksum_otherFramesAndBytesDoNot() throws {
        let input = [UInt8](repeating: 7, count: 1_000)
        XCTAssertTrue(Zstd.hasContentChecksum(try Zstd.compress(input)))
        let writer = try ZstdFrameWriter(contentSize: input.count)
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
