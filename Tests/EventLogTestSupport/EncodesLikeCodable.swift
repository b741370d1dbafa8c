import EventLog
import XCTest

/// Asserts that `value`'s `BinaryEncodable` conformance writes exactly its `Codable` bytes.
public func assertEncodesLikeCodable<T: BinaryEncodable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) throws {
    var codable = BinaryEncoder()
    codable.usesBinaryEncodable = false
    assertSameBytes(try BinaryEncoder().encode(value), try codable.encode(value), "\(T.self) encodes otherwise than Codable", file: file, line: line)
}

/// Asserts that two encodings are equal, naming the first byte that differs (not every byte).
public func assertSameBytes(_ actual: [UInt8], _ expected: [UInt8], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
    guard actual != expected else { return }
    let offset = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actual.count, expected.count)
    XCTFail("\(message): \(actual.count) bytes against \(expected.count), first difference at byte \(offset)", file: file, line: line)
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
