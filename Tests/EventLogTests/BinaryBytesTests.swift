import EventLog
import EventLogTestSupport
import XCTest

/// `encodeBytes`, told their number or not, writes bytes given in pieces exactly as a `[UInt8]`
/// is written, whole or in chunks, and `withBytes` reads them in place.
final class BinaryBytesTests: XCTestCase {
    struct Blob: Codable, Equatable, BinaryEncodable, BinaryDecodable {
        var name: String
        var bytes: [UInt8]
        var after: Int
        /// Whether `encodeBytes` is told the number of bytes (not encoded).
        var counted = true

        private enum CodingKeys: String, CodingKey {
            case name, bytes, after
        }

        init(name: String, bytes: [UInt8], after: Int, counted: Bool = true) {
            (self.name, self.bytes, self.after, self.counted) = (name, bytes, after, counted)
        }

        static func == (lhs: Blob, rhs: Blob) -> Bool {
            (lhs.name, lhs.bytes, lhs.after) == (rhs.name, rhs.bytes, rhs.after)
        }

        func encode(to writer: inout BinaryKeyedWriter) {
            writer.encode(name, forKey: "name")
            if counted {
                writer.encodeBytes(count: bytes.count, forKey: "bytes", appendPieces)
            } else {
                writer.encodeBytes(forKey: "bytes", appendPieces)
            }
            writer.encode(after, forKey: "after")
        }

        private func appendPieces(_ sink: inout BinaryBytesWriter) {
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

        init(from reader: inout BinaryKeyedReader) throws {
            name = try reader.decode(String.self, forKey: "name")
            bytes = try reader.withBytes(forKey: "bytes") { Array($0) }
            after = try reader.decode(Int.self, forKey: "after")
        }
    }

    private func blob(_ count: Int, counted: Bool = true) -> Blob {
        Blob(name: "blob", bytes: (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }, after: -count, counted: counted)
    }

    func test_bytesInPieces_codeLikeAnArray_forEveryLengthVarint() throws {
        for count in [0, 1, 126, 127, 128, 16_381, 16_384, 100_000] {
            for counted in [true, false] {
                try assertEncodesLikeCodable(blob(count, counted: counted))
                try assertDecodesLikeCodable(blob(count, counted: counted))
            }
        }
    }

    func test_bytesInPieces_inChunks_joinIntoTheWholeEncoding() throws {
        for count in [0, 5, 3_000, 100_000] {
            for counted in [true, false] {
                let value = blob(count, counted: counted)
                let whole = try BinaryEncoder().encode(value)
                for chunkSize in [1, 7, 64, 4_096] {
                    let joined = EncodedStateBytes()
                    let collecting = EncodedStateSink.collecting(into: joined)
                    var largestWrite = 0
                    let sink = EncodedStateSink(
                        write: { largestWrite = max(largestWrite, $0.count); try collecting.write($0) }, gap: collecting.gap, fill: collecting.fill
                    )
                    let size = try BinaryEncoder().encode(value, inChunksOf: chunkSize, to: sink)
                    let label = "\(count) bytes\(counted ? "" : " uncounted") in chunks of \(chunkSize)"
                    XCTAssertEqual(size, whole.count, label)
                    assertSameBytes([UInt8](joined.bytes), whole, label)
                    if count >= 3_000 { XCTAssertLessThan(largestWrite, 2 * chunkSize + 1_100, "handed on as appended: \(label)") }
                }
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
