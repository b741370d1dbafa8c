import XCTest
import Zstd

final class InvalidInputTests: XCTestCase {
    func test_decompress_truncatedFrameIsAnError() throws {
        let input = TestData.compressible(count: 100_000)
        let frame = try Zstd.compress(input)
        for cut in [1, 4, frame.count / 2, frame.count - 10] {
            let error = try XCTUnwrap(caughtError { try Zstd.decompress(frame.dropLast(cut), maxSize: input.count) }, "cut \(cut)")
            XCTAssertEqual(error.code, .truncatedFrame, "cut \(cut): \(error)")
        }
    }

    func test_decompress_emptyInputIsAnError() throws {
        let error = try XCTUnwrap(caughtError { try Zstd.decompress([UInt8](), maxSize: 100) })
        XCTAssertEqual(error.code, .truncatedFrame)
    }

    func test_decompress_garbageReportsZstdMessage() throws {
        let garbage = Array("this is not a zstd frame at all".utf8)
        let error = try XCTUnwrap(caughtError { try Zstd.decompress(garbage, maxSize: 1 << 20) })
        XCTAssertEqual(error.code, .library(10))
        XCTAssertEqual(error.code.libraryCode, 10)
        XCTAssertTrue(error.message.contains("Unknown frame descriptor"), error.message)
        XCTAssertEqual(error.description, "zstd: Unknown frame descriptor")
    }

    func test_decompress_trailingGarbageAfterFrameIsAnError() throws {
        let frame = try Zstd.compress(TestData.compressible(count: 1000))
        let error = try XCTUnwrap(caughtError { try Zstd.decompress(frame + [1, 2, 3, 4, 5, 6, 7, 8], maxSize: 1000) })
        XCTAssertNotNil(error.code.libraryCode, "\(error)")
    }

    func test_decompress_rejectsNegativeMaxSize() throws {
        let frame = try Zstd.compress([1, 2, 3])
        let error = try XCTUnwrap(caughtError { try Zstd.decompress(frame, maxSize: -1) })
        XCTAssertEqual(error.code, .invalidArgument)
    }

    func test_api_throwsTypedZstdError() throws {
        do {
            _ = try Zstd.decompress([0, 1, 2, 3], maxSize: 10)
            XCTFail("garbage decompressed")
        } catch {
            let typed: ZstdError = error  // compiles only because the API uses typed throws
            XCTAssertNotNil(typed.code.libraryCode)
        }
    }

    func test_error_isEquatableAndPrintsOnOneLine() {
        let error = ZstdError(.truncatedFrame, "input ends in the middle of a frame (truncated)")
        XCTAssertEqual(error, ZstdError(.truncatedFrame, "input ends in the middle of a frame (truncated)"))
        XCTAssertNotEqual(error, ZstdError(.sizeLimitExceeded, error.message))
        XCTAssertEqual("\(error)", "zstd: input ends in the middle of a frame (truncated)")
        XCTAssertEqual(ZstdError.Code.library(10).description, "library(10)")
        XCTAssertNil(ZstdError.Code.truncatedFrame.libraryCode)
    }
}
