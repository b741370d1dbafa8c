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
