import XCTest
import Zstd

/// Decompression bombs: small frames that expand far past what the caller allows.
final class SizeCapTests: XCTestCase {
    private static let hundredMegabytes = 100 << 20
    private static let oneMegabyte = 1 << 20

    /// 100 MB of zeros as one frame that declares its content size.
    private func bombWithDeclaredSize() throws -> [UInt8] {
        try Zstd.compress([UInt8](repeating: 0, count: Self.hundredMegabytes))
    }

    /// 100 MB of zeros as one frame without a content size (streaming compressor).
    private func bombWithoutDeclaredSize() throws -> [UInt8] {
        let compressor = try ZstdCompressor()
        let chunk = [UInt8](repeating: 0, count: Self.oneMegabyte)
        var frame: [UInt8] = []
        for _ in 0..<100 { frame += try compressor.compress(chunk) }
        frame += try compressor.finish()
        let descriptor = try frameHeaderDescriptor(frame)
        XCTAssertEqual(descriptor & 0xE0, 0, "no content size field and not single-segment")
        return frame
    }

    func test_decompress_refusesFrameDeclaringSizePastCap() throws {
        let frame = try bombWithDeclaredSize()
        XCTAssertLessThan(frame.count, 10_000)
        let error = try XCTUnwrap(caughtError { try Zstd.decompress(frame, maxSize: Self.oneMegabyte) })
        XCTAssertEqual(error.code, .sizeLimitExceeded)
        // The declared size is only known from the header: refused before decompressing.
        XCTAssertEqual(error.description, "zstd: frame declares 104857600 bytes, past the 1048576-byte limit")
    }

    func test_decompress_refusesDeclaredSizeFromHeaderAlone() throws {
        let header = try Array(bombWithDeclaredSize().prefix(20))
        let error = try XCTUnwrap(caughtError { try Zstd.decompress(header, maxSize: Self.oneMegabyte) })
        XCTAssertEqual(error.code, .sizeLimitExceeded)
    }

    func test_decompress_refusesFrameWithoutDeclaredSizePastCap() throws {
        let frame = try bombWithoutDeclaredSize()
        let error = try XCTUnwrap(caughtError { try Zstd.decompress(frame, maxSize: Self.oneMegabyte) })
        XCTAssertEqual(error.code, .sizeLimitExceeded)
        XCTAssertEqual(error.description, "zstd: frame expands past the 1048576-byte limit")
    }

    func test_decompressor_refusesStreamPastCapWithoutExceedingIt() throws {
        let frame = try bombWithoutDeclaredSize()
        let decompressor = try ZstdDecompressor(maxSize: Self.oneMegabyte)
        var produced = 0
        var caught: ZstdError?
        for start in stride(from: 0, to: frame.count, by: 64) {
            do {
                produced += try decompressor.decompress(frame[start..<min(start + 64, frame.count)]).count
            } catch {
                caught = error
                break
            }
        }
        XCTAssertEqual(caught?.code, .sizeLimitExceeded)
        XCTAssertLessThanOrEqual(produced, Self.oneMegabyte)
    }

    func test_decompressor_refusesFrameDeclaringSizePastCap() throws {
        let frame = try bombWithDeclaredSize()
        let decompressor = try ZstdDecompressor(maxSize: Self.oneMegabyte)
        let error = try XCTUnwrap(caughtError { try decompressor.decompress(frame) })
        XCTAssertEqual(error.description, "zstd: frame declares 104857600 bytes, past the 1048576-byte limit")
    }

    func test_decompress_acceptsOutputOfExactlyMaxSize() throws {
        let input = TestData.compressible(count: 100_000)
        let declared = try Zstd.compress(input)
        let compressor = try ZstdCompressor()
        let undeclared = try compressor.compress(input) + compressor.finish()
        for frame in [declared, undeclared] {
            XCTAssertEqual(try Zstd.decompress(frame, maxSize: input.count), input)
            XCTAssertEqual(caughtError { try Zstd.decompress(frame, maxSize: input.count - 1) }?.code, .sizeLimitExceeded)
        }
    }

    func test_decompress_capCoversAllConcatenatedFrames() throws {
        let part = TestData.compressible(count: 600)
        let frames = try Zstd.compress(part) + Zstd.compress(part)
        XCTAssertEqual(try Zstd.decompress(frames, maxSize: 1200).count, 1200)
        XCTAssertEqual(caughtError { try Zstd.decompress(frames, maxSize: 1000) }?.code, .sizeLimitExceeded)
    }
}
