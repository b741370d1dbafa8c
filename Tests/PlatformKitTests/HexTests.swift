import PlatformKit
import XCTest

final class HexTests: XCTestCase {
    func test_hexString_isLowercaseTwoDigitsPerByte() {
        XCTAssertEqual([UInt8]().hexString, "")
        XCTAssertEqual([0x00, 0x0F, 0xA0, 0xFF].hexString, "000fa0ff")
    }

    func test_initHexString_readsEitherCaseAndUndoesHexString() {
        XCTAssertEqual([UInt8](hexString: "000fA0Ff"), [0x00, 0x0F, 0xA0, 0xFF])
        let bytes = RandomSource.seeded(3).bytes(64)
        XCTAssertEqual([UInt8](hexString: bytes.hexString), bytes)
    }

    func test_initHexString_rejectsOddLengthsAndNonDigits() {
        for text in ["0", "abc", "0g", "zz", " 0f", "0x0f"] {
            XCTAssertNil([UInt8](hexString: text), text)
        }
    }
}

final class HexDigitTests: XCTestCase {
    /// Every byte, against the digits spelled out.
    func test_values_matchTheDigitsOfEachCase() {
        let lower = Array("0123456789abcdef".utf8), upper = Array("0123456789ABCDEF".utf8)
        for byte in UInt8.min...UInt8.max {
            let expectedLower = lower.firstIndex(of: byte).map(UInt8.init)
            XCTAssertEqual(HexDigit.value(ofLowercase: byte), expectedLower, "\(byte)")
            XCTAssertEqual(HexDigit.nibble(ofLowercase: byte), expectedLower ?? 0xFF, "\(byte)")
            XCTAssertEqual(HexDigit.value(of: byte), expectedLower ?? upper.firstIndex(of: byte).map(UInt8.init), "\(byte)")
        }
        for value in UInt8(0)..<16 {
            XCTAssertEqual(HexDigit.character(value), lower[Int(value)])
        }
    }
}

final class FNV1aTests: XCTestCase {
    func test_hash_isTheStandard64BitFNV1a() {
        XCTAssertEqual(FNV1a.hash(""), 0xCBF2_9CE4_8422_2325)
        XCTAssertEqual(FNV1a.hash("a"), 0xAF63_DC4C_8601_EC8C)
        XCTAssertEqual(FNV1a.hash("foobar"), 0x8594_4171_F739_67E8)
    }
}
