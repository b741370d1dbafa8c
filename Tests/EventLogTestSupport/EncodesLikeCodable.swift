import EventLog
import XCTest

/// Asserts that `value`'s `BinaryEncodable` conformance writes exactly its `Codable` bytes.
public func assertEncodesLikeCodable<T: BinaryEncodable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) throws {
    var codable = BinaryEncoder()
    codable.usesBinaryEncodable = false
    XCTAssertEqual(try BinaryEncoder().encode(value), try codable.encode(value), "\(T.self) encodes otherwise than Codable", file: file, line: line)
}

/// Asserts that `value`'s `Codable` encoding decodes back to `value` through its `BinaryDecodable`
/// conformance, both at the top and nested in `BinaryDecoder`, and through `Codable`.
public func assertDecodesLikeCodable<T: BinaryDecodable & Encodable & Equatable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) throws {
    var encoder = BinaryEncoder()
    encoder.usesBinaryEncodable = false
    let bytes = try encoder.encode(value)
    var codable = BinaryDecoder()
    codable.usesBinaryDecodable = false
    XCTAssertEqual(try BinaryKeyedReader.decode(T.self, from: bytes), value, "\(T.self) decodes otherwise", file: file, line: line)
    XCTAssertEqual(try BinaryDecoder().decode([T].self, from: BinaryEncoder().encode([value])), [value], "nested \(T.self)", file: file, line: line)
    XCTAssertEqual(try codable.decode(T.self, from: bytes), value, "\(T.self) through Codable", file: file, line: line)
}
