import PlatformKit
import XCTest

/// LEB128 varints read back as written, and cut or overlong ones are refused.
final class LEB128Tests: XCTestCase {
    func test_values_readBackAsWritten_inTheirSize() {
        for value: UInt in [0, 1, 127, 128, 16_383, 16_384, 1 << 35, UInt.max] {
            var bytes: [UInt8] = []
            LEB128.forEachByte(of: value) { bytes.append($0) }
            XCTAssertEqual(bytes.count, LEB128.size(of: value))
            var position = 0
            XCTAssertEqual(bytes.withUnsafeBufferPointer { LEB128.read($0, at: &position) }, value)
            XCTAssertEqual(position, bytes.count)
        }
    }

    /// Appended to an array (in one append) or stored in memory, a value has the bytes it has
    /// one by one, after what the array held.
    func test_appendingToAnArray_andStoring_writeTheBytesOfEachValue() {
        for value: UInt in [0, 1, 127, 128, 16_383, 16_384, 1 << 35, UInt.max] {
            var expected: [UInt8] = [9]
            LEB128.forEachByte(of: value) { expected.append($0) }
            var appended: [UInt8] = [9]
            LEB128.append(value, to: &appended)
            XCTAssertEqual(appended, expected)
            var stored = [UInt8](repeating: 0, count: LEB128.maximumSize)
            let count = stored.withUnsafeMutableBufferPointer { LEB128.store(value, at: $0.baseAddress!) }
            XCTAssertEqual(Array(stored[..<count]), Array(expected.dropFirst()))
        }
    }

    func test_cutAndOverlongVarints_areRefused_andThePositionStays() {
        for bytes: [UInt8] in [[], [0x80], [0xFF, 0xFF], Array(repeating: 0xFF, count: 9) + [0x02], Array(repeating: 0x80, count: 11) + [0]] {
            var position = 0
            XCTAssertNil(bytes.withUnsafeBufferPointer { LEB128.read($0, at: &position) }, "\(bytes)")
            XCTAssertEqual(position, 0)
        }
    }

    func test_prefixedBytes_readInTurn_andACutOneIsRefused_andThePositionStays() {
        let bytes: [UInt8] = [2, 7, 8, 0, 3, 1, 2]  // [7, 8], [], then 3 bytes of which 2 are there
        bytes.withUnsafeBufferPointer { bytes in
            var position = 0
            XCTAssertEqual(LEB128.readPrefixed(bytes, at: &position).map(Array.init), [7, 8])
            XCTAssertEqual(LEB128.readPrefixed(bytes, at: &position).map(Array.init), [])
            XCTAssertEqual(position, 4)
            XCTAssertNil(LEB128.readPrefixed(bytes, at: &position))
            XCTAssertEqual(position, 4)
        }
    }
}
