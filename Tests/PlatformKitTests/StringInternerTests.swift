import PlatformKit
import XCTest

/// The interner gives back the string of the bytes asked for, and one storage for equal texts
/// read close together.
final class StringInternerTests: XCTestCase {
    private func string(_ text: String, _ interner: inout StringInterner) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { interner.string($0, making: UTF8Bytes.string) }
    }

    private func storage(_ text: String) -> UnsafePointer<UInt8>? {
        var text = text
        return text.withUTF8 { $0.baseAddress }
    }

    func test_equalTexts_shareOneStorage() throws {
        var interner = StringInterner()
        let first = try XCTUnwrap(string("Guarantee: first 20 trips", &interner))
        let again = try XCTUnwrap(string("Guarantee: first 20 trips", &interner))
        XCTAssertEqual(first, "Guarantee: first 20 trips")
        XCTAssertEqual(storage(first), storage(again))
    }

    func test_thousandsOfTexts_eachComeBackAsItself() {
        var interner = StringInterner()
        var random = SeededGenerator(seed: 3)
        // More texts than slots, so that they collide and replace each other; repeats among them.
        for _ in 0..<20_000 {
            let text = "incentives.program-\(random.next() % 3_000)-é"
            XCTAssertEqual(string(text, &interner), text)
        }
    }

    func test_invalidUTF8_isRefused_andLeavesNothingBehind() {
        var interner = StringInterner()
        let invalid: [UInt8] = Array("a long enough text, then".utf8) + [0xFF]
        for _ in 0..<2 {
            XCTAssertNil(invalid.withUnsafeBufferPointer { interner.string($0, making: UTF8Bytes.string) })
        }
        XCTAssertEqual(string("a long enough text, then", &interner), "a long enough text, then")
    }
}
