import XCTest
import Zstd

final class OneShotTests: XCTestCase {
    private func assertRoundTrip(_ input: [UInt8], level: Int = 3, file: StaticString = #filePath, line: UInt = #line) throws {
        let frame = try Zstd.compress(input, level: level)
        let output = try Zstd.decompress(frame, maxSize: input.count)
        XCTAssertEqual(output, input, file: file, line: line)
    }

    func test_roundTrip_emptyInput() throws {
        let frame = try Zstd.compress([UInt8]())
        XCTAssertFalse(frame.isEmpty, "even an empty input makes a frame")
        XCTAssertEqual(try Zstd.decompress(frame, maxSize: 0), [])
    }

    func test_roundTrip_smallInput() throws {
        try assertRoundTrip(Array("hello, zstd".utf8))
    }

    func test_roundTrip_oneMegabyteRandomInput() throws {
        try assertRoundTrip(TestData.random(count: 1 << 20))
    }

    func test_roundTrip_compressibleInputShrinks() throws {
        let input = TestData.compressible(count: 1 << 20)
        let frame = try Zstd.compress(input)
        XCTAssertLessThan(frame.count, input.count / 10)
        XCTAssertEqual(try Zstd.decompress(frame, maxSize: input.count), input)
    }

    func test_roundTrip_acceptsDataAndSlices() throws {
        let input = TestData.compressible(count: 10_000)
        let frame = try Zstd.compress(Data(input))
        XCTAssertEqual(try Zstd.decompress(Data(frame), maxSize: input.count), input)
        XCTAssertEqual(try Zstd.decompress(frame[...], maxSize: input.count), input)
    }

    func test_compressData_isTheSameFrame_asCompress() throws {
        for input in [[], Array("hello, zstd".utf8), TestData.compressible(count: 1 << 20), TestData.random(count: 100_000)] {
            let frame = try Zstd.compressData(input, level: 5)
            XCTAssertEqual([UInt8](frame), try Zstd.compress(input, level: 5))
            XCTAssertEqual(try Zstd.decompress(frame, maxSize: input.count), input)
        }
    }

    func test_roundTrip_everyLevelFromMinusFiveToMax() throws {
        let input = TestData.compressible(count: 50_000)
        for level in [-5, -1, 0, 1, 9, Zstd.maxLevel] {
            try assertRoundTrip(input, level: level)
        }
    }

    func test_levels_comeFromLibzstd() {
        XCTAssertEqual(Zstd.defaultLevel, 3)
        XCTAssertEqual(Zstd.maxLevel, 22)
        XCTAssertLessThan(Zstd.minLevel, 0)
    }

    func test_compress_level19IsSmallerThanLevel1() throws {
        let input = TestData.compressible(count: 1 << 20)
        let fast = try Zstd.compress(input, level: 1)
        let strong = try Zstd.compress(input, level: 19)
        XCTAssertLessThan(strong.count, fast.count)
        XCTAssertEqual(try Zstd.decompress(strong, maxSize: input.count), input)
    }

    func test_compress_rejectsLevelAboveMax() throws {
        let error = try XCTUnwrap(caughtError { try Zstd.compress([1, 2, 3], level: Zstd.maxLevel + 1) })
        XCTAssertEqual(error.code, .invalidLevel)
        XCTAssertEqual(error.description, "zstd: compression level 23 is outside \(Zstd.minLevel)...22")
    }

    func test_compress_rejectsLevelBelowMin() throws {
        let error = try XCTUnwrap(caughtError { try Zstd.compress([1, 2, 3], level: Int.min) })
        XCTAssertEqual(error.code, .invalidLevel)
    }

    func test_compress_writesChecksumAndContentSize() throws {
        let frame = try Zstd.compress(TestData.compressible(count: 5000))
        let descriptor = try frameHeaderDescriptor(frame)
        XCTAssertNotEqual(descriptor & 0x04, 0, "content checksum flag")
        XCTAssertTrue(descriptor & 0xC0 != 0 || descriptor & 0x20 != 0, "content size field present")
    }

    func test_decompress_rejectsCorruptedChecksum() throws {
        var frame = try Zstd.compress(TestData.compressible(count: 5000))
        frame[frame.count - 1] ^= 0xFF
        let error = try XCTUnwrap(caughtError { try Zstd.decompress(frame, maxSize: 5000) })
        XCTAssertEqual(error.code, .library(22))
        XCTAssertTrue(error.message.contains("checksum"), error.message)
    }

    /// Not verifying the checksum (a caller that checks the bytes otherwise) skips it, and only it.
    func test_decompress_withoutVerifyingTheChecksum_ignoresOnlyTheChecksum() throws {
        let input = TestData.compressible(count: 5000)
        var frame = try Zstd.compress(input)
        frame[frame.count - 1] ^= 0xFF
        XCTAssertEqual(try Zstd.decompress(frame, maxSize: 5000, verifyingChecksum: false), input)
        frame[frame.count / 2] ^= 0xFF
        XCTAssertNotEqual(try? Zstd.decompress(frame, maxSize: 5000, verifyingChecksum: false), input, "a corrupt block is still refused or read otherwise")
    }

    func test_decompress_acceptsConcatenatedFrames() throws {
        let first = TestData.compressible(count: 3000)
        let second = TestData.random(count: 2000)
        let frames = try Zstd.compress(first) + Zstd.compress(second, level: 1)
        XCTAssertEqual(try Zstd.decompress(frames, maxSize: 5000), first + second)
    }
}
