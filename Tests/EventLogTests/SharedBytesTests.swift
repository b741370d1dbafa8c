import EventLog
import EventLogTestSupport
import PlatformKit
import XCTest

/// A reader that shares the buffer it decodes hands out slices of it instead of copies, and
/// elements written already encoded read back as an array of them is written.
final class SharedBytesTests: XCTestCase {
    struct Record: Codable, Equatable, BinaryEncodable, BinaryDecodable {
        var bytes: [UInt8]
        var names: [String]
        /// Where the decoded bytes were (not encoded, not compared).
        var bytesAddress: UnsafeRawPointer?

        enum CodingKeys: CodingKey { case bytes, names }

        init(bytes: [UInt8], names: [String]) {
            (self.bytes, self.names) = (bytes, names)
        }

        static func == (lhs: Record, rhs: Record) -> Bool {
            lhs.bytes == rhs.bytes && lhs.names == rhs.names
        }

        func encode(to writer: inout BinaryKeyedWriter) {
            writer.encodeBytes(count: bytes.count, forKey: "bytes") { sink in bytes.withUnsafeBufferPointer { sink.append($0) } }
            let encoded = names.flatMap { name in
                var length: [UInt8] = []
                LEB128.forEachByte(of: UInt(name.utf8.count)) { length.append($0) }
                return length + Array(name.utf8)
            }
            writer.encodeElements(count: names.count, size: encoded.count, forKey: "names") { sink in
                encoded.withUnsafeBufferPointer { sink.append($0) }
            }
        }

        init(from reader: inout BinaryKeyedReader) throws {
            let slice = try reader.bytes(forKey: "bytes")
            bytesAddress = slice.withUnsafeBytes { $0.baseAddress }
            bytes = Array(slice)
            let (count, elements) = try reader.encodedElements(forKey: "names")
            let inPlace = try reader.withEncodedElements(forKey: "names") { count, bytes in (count, Array(bytes)) }
            guard inPlace.0 == count, inPlace.1 == Array(elements) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "read in place otherwise"))
            }
            names = []
            try elements.withUnsafeBufferPointer { elements in
                var position = 0
                while position < elements.count {
                    guard let length = LEB128.read(elements, at: &position), Int(length) <= elements.count - position else {
                        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "cut name"))
                    }
                    names.append(String(decoding: UnsafeBufferPointer(rebasing: elements[position..<(position + Int(length))]), as: UTF8.self))
                    position += Int(length)
                }
            }
            guard names.count == count else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "count")) }
        }
    }

    private let record = Record(bytes: (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }, names: ["", "a", "Zoë", String(repeating: "x", count: 300)])

    func test_elementsWrittenEncoded_codeLikeAnArrayOfStrings() throws {
        for names in [[], ["one"], record.names] {
            let value = Record(bytes: [1, 2], names: names)
            try assertEncodesLikeCodable(value)
            try assertDecodesLikeCodable(value)
        }
    }

    func test_sharingReader_slicesTheBuffer_otherReadersCopy() throws {
        let encoded = try BinaryEncoder().encode(record)
        let range = encoded.withUnsafeBytes { UInt(bitPattern: $0.baseAddress!)..<UInt(bitPattern: $0.baseAddress! + $0.count) }
        let shared = try BinaryKeyedReader.decode(Record.self, sharing: encoded)
        let copied = try BinaryKeyedReader.decode(Record.self, from: encoded)
        XCTAssertEqual(shared, record)
        XCTAssertEqual(copied, record)
        XCTAssertTrue(range.contains(UInt(bitPattern: shared.bytesAddress)), "a slice of the decoded buffer")
        XCTAssertFalse(range.contains(UInt(bitPattern: copied.bytesAddress)), "a copy")
    }

    func test_encodedElements_refuseAMissingKeyOrMoreElementsThanBytes() throws {
        struct Names: Decodable, BinaryDecodable {
            init(from reader: inout BinaryKeyedReader) throws { _ = try reader.encodedElements(forKey: "names") }
        }
        struct Other: Encodable { var other = 1 }
        XCTAssertThrowsError(try BinaryKeyedReader.decode(Names.self, from: BinaryEncoder().encode(Other()))) { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "names")
        }
        struct Three: Encodable { var names = ["a", "b", "c"] }
        var bytes = try BinaryEncoder().encode(Three())
        let count = bytes.lastIndex(of: 3)!  // the element count, before "a" (1, 0x61), "b", "c"
        bytes[count] = 9
        XCTAssertThrowsError(try BinaryKeyedReader.decode(Names.self, from: bytes)) { XCTAssertTrue("\($0)".contains("names"), "\($0)") }
    }
}
