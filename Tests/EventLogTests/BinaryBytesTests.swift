import EventLog
import EventLogTestSupport
import XCTest

/// `encodeBytes` writes bytes given in pieces exactly as a `[UInt8]` is written, whole or in
/// chunks, and `withBytes` reads them in place.
final class BinaryBytesTests: XCTestCase {
    struct Blob: Codable, Equatable, BinaryEncodable, BinaryDecodable {
        var name: String
        var bytes: [UInt8]
        var after: Int

        init(name: String, bytes: [UInt8], after: Int) {
            (self.name, self.bytes, self.after) = (name, bytes, after)
        }

        func encode(to writer: inout BinaryKeyedWriter) {
            writer.encode(name, forKey: "name")
            writer.encodeBytes(count: bytes.count, forKey: "bytes") { sink in
                bytes.withUnsafeBufferPointer { all in
                    // Pieces of every size from empty to a thousand bytes.
                    var start = 0, size = 0
                    while start < all.count {
                        let end = min(all.count, start + size)
                        sink.append(UnsafeBufferPointer(rebasing: all[start..<end]))
                        (start, size) = (end, min(1_000, size * 3 + 1))
                    }
                }
            }
            writer.encode(after, forKey: "after")
        }

        init(from reader: inout BinaryKeyedReader) throws {
            name = try reader.decode(String.self, forKey: "name")
            bytes = try reader.withBytes(forKey: "bytes") { Array($0) }
            after = try reader.decode(Int.self, forKey: "after")
        }
    }

    private func blob(_ count: Int) -> Blob {
        Blob(name: "blob", bytes: (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }, after: -count)
    }

    func test_bytesInPieces_codeLikeAnArray_forEveryLengthVarint() throws {
        for count in [0, 1, 126, 127, 128, 16_381, 16_384, 100_000] {
            try assertEncodesLikeCodable(blob(count))
            try assertDecodesLikeCodable(blob(count))
        }
    }

    func test_bytesInPieces_inChunks_joinIntoTheWholeEncoding() throws {
        for count in [0, 5, 3_000, 100_000] {
            let value = blob(count)
            let whole = try BinaryEncoder().encode(value)
            for chunkSize in [1, 7, 64, 4_096] {
                var chunks: [[UInt8]] = []
                let size = try BinaryEncoder().encode(value, inChunksOf: chunkSize, begin: { _ in }, write: { chunks.append(Array($0)) })
                XCTAssertEqual(size, whole.count)
                assertSameBytes(chunks.flatMap { $0 }, whole, "\(count) bytes in chunks of \(chunkSize)")
                if count >= 3_000 { XCTAssertLessThan(chunks.map(\.count).max() ?? 0, 2 * chunkSize + 1_100, "handed on as appended") }
            }
        }
    }

    func test_withBytes_putsTheKeyBeforeErrors_andRefusesMissingOrCutBytes() throws {
        let bytes = try BinaryEncoder().encode(blob(10))
        XCTAssertThrowsError(try BinaryKeyedReader.decode(Blob.self, from: Array(bytes.dropLast(3))))
        struct Failing: Decodable, BinaryDecodable {
            init(from reader: inout BinaryKeyedReader) throws {
                try reader.withBytes(forKey: "bytes") { _ in
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "refused"))
                }
            }
        }
        XCTAssertThrowsError(try BinaryKeyedReader.decode(Failing.self, from: bytes)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["bytes"])
        }
        struct Missing: Encodable { var name = "n" }
        XCTAssertThrowsError(try BinaryKeyedReader.decode(Blob.self, from: BinaryEncoder().encode(Missing()))) { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "bytes")
        }
    }

    func test_fastDecode_throwsWhereCodableThrows_onMalformedInput() throws {
        for input in malformedInputs(of: try BinaryEncoder().encode(blob(300)), mutations: 2_000, seed: 5) {
            XCTAssertEqual(try? BinaryKeyedReader.decode(Blob.self, from: input), try? BinaryDecoder().decode(Blob.self, from: input))
        }
    }
}
