import XCTest
import Zstd

final class CompactFrameTests: XCTestCase {
    private static let dictionary = Result { try ZstdDictionary.train(samples: TestData.jsonSamples(count: 1000), capacity: 8 * 1024) }

    private func compact(_ input: [UInt8], _ compressor: ZstdCompactCompressor) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: ZstdCompactCompressor.bound(input.count))
        let count = try input.withUnsafeBytes { source in
            try output.withUnsafeMutableBytes { try compressor.compress(source, into: $0) }
        }
        return Array(output.prefix(count))
    }

    private func restore(_ frame: [UInt8], _ dictionary: ZstdDictionary, maxSize: Int = 1 << 20) throws -> [UInt8] {
        let prepared = try ZstdDecompressionDictionary(dictionary)
        return try frame.withUnsafeBytes { try ZstdCompactDecompressor().decompress($0, dictionary: prepared, maxSize: maxSize) }
    }

    func test_roundTrip_ofSmallInputs_andOfNothing() throws {
        let dictionary = try Self.dictionary.get()
        let compressor = try ZstdCompactCompressor(dictionary: dictionary)
        let prepared = try ZstdDecompressionDictionary(dictionary)
        let decompressor = try ZstdCompactDecompressor()
        for input in TestData.jsonSamples(count: 50, seed: 17) + [[]] {
            let frame = try compact(input, compressor)
            let back = try frame.withUnsafeBytes { try decompressor.decompress($0, dictionary: prepared, maxSize: 1 << 20) }
            XCTAssertEqual(back, input)
        }
    }

    func test_frames_areSmallerThanStandardFramesWithTheSameDictionary() throws {
        let dictionary = try Self.dictionary.get()
        let compressor = try ZstdCompactCompressor(dictionary: dictionary)
        let samples = TestData.jsonSamples(count: 50, seed: 11)
        let compactBytes = try samples.reduce(0) { $0 + (try compact($1, compressor)).count }
        let standardBytes = try samples.reduce(0) { $0 + (try Zstd.compress($1, dictionary: dictionary)).count }
        let rawBytes = samples.reduce(0) { $0 + $1.count }
        // No magic number, checksum or dictionary id: 12 bytes less per frame.
        XCTAssertLessThanOrEqual(compactBytes, standardBytes - 12 * samples.count)
        XCTAssertLessThan(compactBytes * 2, rawBytes)
    }

    func test_decompress_refusesFramesOverTheCap_andCutOffFrames() throws {
        let dictionary = try Self.dictionary.get()
        let input = TestData.jsonSamples(count: 1, seed: 5)[0]
        let frame = try compact(input, try ZstdCompactCompressor(dictionary: dictionary))
        XCTAssertEqual(caughtError { try restore(frame, dictionary, maxSize: input.count - 1) }?.code, .sizeLimitExceeded)
        XCTAssertEqual(caughtError { try restore(Array(frame.prefix(1)), dictionary) }?.code, .truncatedFrame)
        XCTAssertNotNil(caughtError { try restore(Array(frame.dropLast(3)), dictionary) })
    }

    func test_compressor_refusesALevelOutOfRange() throws {
        XCTAssertEqual(caughtError { try ZstdCompactCompressor(dictionary: try Self.dictionary.get(), level: 99) }?.code, .invalidLevel)
    }
}
