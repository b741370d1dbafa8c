import PlatformKit
import XCTest

/// `UTF8Bytes.isValid` agrees with the standard library's validation; `isASCII` finds a byte at
/// or above 0x80 wherever it is; `withUTF8InPlace` lends a string's own UTF-8.
final class UTF8BytesTests: XCTestCase {
    private func agrees(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let expected = String(validating: bytes, as: UTF8.self) != nil
        XCTAssertEqual(bytes.withUnsafeBufferPointer(UTF8Bytes.isValid), expected, "\(bytes)", file: file, line: line)
    }

    func test_everySequenceOfOneOrTwoBytes() {
        for first in 0...255 {
            agrees([UInt8(first)])
            for second in 0...255 { agrees([UInt8(first), UInt8(second)]) }
        }
    }

    func test_everyLeadOfThreeAndFourByteSequences_withEveryBoundaryOfTheSecondByte() {
        let seconds: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        for lead in 0xC0...0xFF {
            for second in seconds {
                for last in [0x7F, 0x80, 0xBF, 0xC0] as [UInt8] {
                    agrees([UInt8(lead), second, last])
                    agrees([UInt8(lead), second, 0x80, last])
                    agrees([0x61, UInt8(lead), second, 0x80, last, 0x62])
                }
            }
        }
    }

    func test_randomText_andRandomBytes_acrossTheEightByteRuns() {
        var random = SeededGenerator(seed: 7)
        let pieces = ["a", "é", "•", "€", "𝄞", "z9", "        "].map { Array($0.utf8) }
        for _ in 0..<3_000 {
            var bytes = (0..<Int.random(in: 0...12, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
            agrees(bytes)
            if !bytes.isEmpty, Bool.random(using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                agrees(bytes)
            }
            agrees((0..<Int.random(in: 0...20, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
    }

    /// Every length up to 40, every start (the loads are unaligned and overlap at the end), and a
    /// high byte at each position in turn.
    func test_isASCII_findsAHighByteAtEveryPosition_ofEveryLength() {
        let storage = [UInt8](repeating: 0x61, count: 48)
        for start in 0..<8 {
            for count in 0...40 {
                var bytes = storage
                bytes.withUnsafeBufferPointer { XCTAssertTrue(UTF8Bytes.isASCII(UnsafeBufferPointer(rebasing: $0[start..<(start + count)]))) }
                for position in 0..<count {
                    bytes[start + position] = 0x80 | UInt8(position)
                    bytes.withUnsafeBufferPointer { all in
                        XCTAssertFalse(UTF8Bytes.isASCII(UnsafeBufferPointer(rebasing: all[start..<(start + count)])), "\(start) \(count) \(position)")
                    }
                    bytes[start + position] = 0x7F
                }
                // High bytes just outside the range are not read as inside it.
                bytes = storage.map { _ in 0xFF }
                for index in start..<(start + count) { bytes[index] = 0x7F }
                bytes.withUnsafeBufferPointer { XCTAssertTrue(UTF8Bytes.isASCII(UnsafeBufferPointer(rebasing: $0[start..<(start + count)]))) }
            }
        }
    }

    func test_withUTF8InPlace_readsTheSameBytesAsUTF8View_forSmallLargeAndNonASCIIStrings() {
        let large = String(repeating: "driver-0042/", count: 20)
        let substringBacked = String(large.dropFirst(7).prefix(50))
        for text in ["", "trip-7", "•••• 4242", "ÄÖÜ ✓ 𝄞", large, substringBacked] {
            text.withUTF8InPlace { XCTAssertEqual(Array($0), Array(text.utf8), text) }
        }
    }
}
