import EventLog
import XCTest

/// Asserts that `value`'s `BinaryEncodable` conformance writes exactly its `Codable` bytes.
public func assertEncodesLikeCodable<T: BinaryEncodable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) throws {
    var codable = BinaryEncoder()
    codable.usesBinaryEncodable = false
    XCTAssertEqual(try BinaryEncoder().encode(value), try codable.encode(value), "\(T.self) encodes otherwise than Codable", file: file, line: line)
}
