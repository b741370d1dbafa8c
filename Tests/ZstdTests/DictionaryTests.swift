import PlatformKit
import XCTest
import Zstd

final class DictionaryTests: XCTestCase {
    /// Trained once: training takes a moment.
    private static let samples = TestData.jsonSamples(count: 1000)
    private static let dictionary = Result { try ZstdDictionary.train(samples: samples, capacity: 8 * 1024) }

    private func trained() throws -> ZstdDictionary { try Self.dictionary.get() }

    /// A sample like the training ones but not among them.
    private func freshSample() -> [UInt8] {
        var generator = TestData.Generator(seed: 99)
        return TestData.jsonSample(5000, generator: &generator, kinds: ["order.placed", "user.login"])
    }

    func test_train_producesDictionaryWithID() throws {
        let dictionary = try trained()
        XCTAssertFalse(dictionary.bytes.isEmpty)
        XCTAssertLessThanOrEqual(dictionary.bytes.count, 8 * 1024)
        XCTAssertNotEqual(dictionary.id, 0)
        XCTAssertEqual(ZstdDictionary(bytes: dictionary.bytes), dictionary)
        XCTAssertEqual(ZstdDictionary(bytes: dictionary.bytes).id, dictionary.id)
    }

    func test_train_withDefaultCapacity() throws {
        let dictionary = try ZstdDictionary.train(samples: TestData.jsonSamples(count: 1000, seed: 3))
        XCTAssertNotEqual(dictionary.id, 0)
        XCTAssertLessThanOrEqual(dictionary.bytes.count, 112_640)
    }

    func test_train_failsWithTooFewSamples() throws {
        let error = try XCTUnwrap(caughtError { try ZstdDictionary.train(samples: Array(Self.samples.prefix(3))) })
        XCTAssertEqual(error.code, .dictionaryTraining)
        XCTAssertTrue(error.description.hasPrefix("zstd: dictionary training failed: "), error.description)
    }

    func test_train_failsWithoutSamples() throws {
        XCTAssertEqual(caughtError { try ZstdDictionary.train(samples: []) }?.code, .dictionaryTraining)
    }

    func test_trainFast_makesADictionaryAsUsefulAsTheSearchedOne() throws {
        let fast = try ZstdDictionary.trainFast(samples: Self.samples, capacity: 8 * 1024)
        XCTAssertNotEqual(fast.id, 0)
        XCTAssertLessThanOrEqual(fast.bytes.count, 8 * 1024)
        let sample = freshSample()
        let withFast = try Zstd.compress(sample, dictionary: fast)
        let withSearched = try Zstd.compress(sample, dictionary: trained())
        XCTAssertLessThan(withFast.count, withSearched.count * 5 / 4, "fast \(withFast.count), searched \(withSearched.count)")
        XCTAssertEqual(try Zstd.decompress(withFast, maxSize: sample.count, dictionary: fast), sample)
    }

    func test_trainFast_refusesATinySegmentSize_andFailsLikeTrainWithoutSamples() throws {
        XCTAssertEqual(caughtError { try ZstdDictionary.trainFast(samples: Self.samples, segmentSize: 4) }?.code, .invalidArgument)
        XCTAssertEqual(caughtError { try ZstdDictionary.trainFast(samples: []) }?.code, .dictionaryTraining)
    }

    func test_compress_withDictionaryIsSmallerForSmallSample() throws {
        let sample = freshSample()
        let plain = try Zstd.compress(sample)
        let withDictionary = try Zstd.compress(sample, dictionary: trained())
        XCTAssertLessThan(withDictionary.count, plain.count * 2 / 3, "plain \(plain.count), with dictionary \(withDictionary.count)")
    }

    func test_roundTrip_withDictionary() throws {
        let dictionary = try trained()
        let sample = freshSample()
        let frame = try Zstd.compress(sample, level: 9, dictionary: dictionary)
        XCTAssertEqual(try Zstd.decompress(frame, maxSize: sample.count, dictionary: dictionary), sample)
    }

    func test_streaming_roundTripWithDictionary() throws {
        let dictionary = try trained()
        let input = Self.samples.prefix(50).flatMap { $0 }
        let compressor = try ZstdCompressor(level: 3, dictionary: dictionary)
        var frame: [UInt8] = []
        for sample in Self.samples.prefix(50) { frame += try compressor.compress(sample) }
        frame += try compressor.finish()
        let decompressor = try ZstdDecompressor(maxSize: input.count, dictionary: dictionary)
        let output = try decompressor.decompress(frame)
        try decompressor.finish()
        XCTAssertEqual(output, input)
    }

    func test_decompress_withoutDictionaryFailsClearly() throws {
        let dictionary = try trained()
        let frame = try Zstd.compress(freshSample(), dictionary: dictionary)
        let error = try XCTUnwrap(caughtError { try Zstd.decompress(frame, maxSize: 10_000) })
        XCTAssertEqual(error.code, .library(32))
        XCTAssertEqual(
            error.description,
            "zstd: Dictionary mismatch: the frame needs dictionary \(dictionary.id), none was given"
        )
        let streaming = try ZstdDecompressor(maxSize: 10_000)
        XCTAssertEqual(caughtError { try streaming.decompress(frame) }, error)
    }

    func test_decompress_withWrongDictionaryFailsClearly() throws {
        let dictionary = try trained()
        let other = try ZstdDictionary.train(
            samples: TestData.jsonSamples(count: 1000, seed: 42, kinds: ["cart.updated", "item.viewed"]),
            capacity: 4096
        )
        XCTAssertNotEqual(other.id, dictionary.id)
        let frame = try Zstd.compress(freshSample(), dictionary: dictionary)
        let error = try XCTUnwrap(caughtError { try Zstd.decompress(frame, maxSize: 10_000, dictionary: other) })
        XCTAssertEqual(error.code, .library(32))
        XCTAssertTrue(error.message.contains("dictionary \(other.id) was given"), error.message)
    }
}
