import Foundation
import PlatformKit
import XCTest
import Zstd

/// Runs `body` and returns the `ZstdError` it throws, or `nil` if it returns normally.
/// Any other error fails the test.
func caughtError<T>(
    file: StaticString = #filePath,
    line: UInt = #line,
    _ body: () throws -> T
) -> ZstdError? {
    do {
        _ = try body()
        return nil
    } catch let error as ZstdError {
        return error
    } catch {
        XCTFail("expected a ZstdError, got \(type(of: error)): \(error)", file: file, line: line)
        return nil
    }
}

/// Deterministic test data.
enum TestData {
    /// Reproducible pseudo-random numbers.
    typealias Generator = SeededGenerator

    /// `count` incompressible bytes.
    static func random(count: Int, seed: UInt64 = 1) -> [UInt8] {
        var generator = Generator(seed: seed)
        var bytes = [UInt8]()
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next().littleEndian) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }

    /// `count` bytes of repetitive log-like text, which compresses well.
    static func compressible(count: Int) -> [UInt8] {
        var text = ""
        var line = 0
        while text.utf8.count < count {
            text += "2024-05-01T12:00:\(line % 60)Z INFO order \(line % 97) shipped to warehouse \(line % 7)\n"
            line += 1
        }
        return Array(text.utf8.prefix(count))
    }

    /// A small JSON-like event record, like the payloads an event log stores.
    static func jsonSample(_ index: Int, generator: inout Generator, kinds: [String]) -> [UInt8] {
        let kind = kinds[Int(generator.next() % UInt64(kinds.count))]
        let amount = generator.next() % 100_000
        let text = """
            {"id":\(index),"type":"\(kind)","user":"user-\(generator.next() % 500)",\
            "amount":{"minor":\(amount),"currency":"EUR"},"ts":"2024-05-\(10 + index % 20)T08:\(index % 60):00Z",\
            "source":"mobile-app","version":3}
            """
        return Array(text.utf8)
    }

    /// `count` JSON-like samples for dictionary training.
    static func jsonSamples(
        count: Int,
        seed: UInt64 = 7,
        kinds: [String] = ["order.placed", "order.shipped", "payment.captured", "user.login"]
    ) -> [[UInt8]] {
        var generator = Generator(seed: seed)
        return (0..<count).map { jsonSample($0, generator: &generator, kinds: kinds) }
    }
}

/// The frame header descriptor byte of a zstd frame (after the 4-byte magic number).
func frameHeaderDescriptor(_ frame: [UInt8]) throws -> UInt8 {
    XCTAssertEqual(Array(frame.prefix(4)), [0x28, 0xB5, 0x2F, 0xFD], "zstd magic number")
    return try XCTUnwrap(frame.count > 4 ? frame[4] : nil, "frame too short for a header")
}
