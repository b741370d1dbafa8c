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

    func test_cutAndOverlongVarints_areRefused_andThePositionStays() {
        for bytes: [UInt8] in [[], [0x80], [0xFF, 0xFF], Array(repeating: 0xFF, count: 9) + [0x02], Array(repeating: 0x80, count: 11) + [0]] {
            var position = 0
            XCTAssertNil(bytes.withUnsafeBufferPointer { LEB128.read($0, at: &position) }, "\(bytes)")
            XCTAssertEqual(position, 0)
        }
    }
}
