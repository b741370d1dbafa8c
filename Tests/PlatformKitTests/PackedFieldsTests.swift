import PlatformKit
import XCTest

/// Packed fields read back exactly what was written, in order, and every malformed read throws
/// with the offset it stopped at instead of reading past the end.
final class PackedFieldsTests: XCTestCase {
    /// One written value and a check that reads it back.
    private enum Value {
        case unsigned(UInt), signed(Int64), bool(Bool), double(Double), string(String), money(Money), optionalInt(Int?)

        func write(_ writer: inout PackedFieldWriter) {
            switch self {
            case .unsigned(let value): writer.unsigned(value)
            case .signed(let value): writer.signed(value)
            case .bool(let value): writer.bool(value)
            case .double(let value): writer.double(value)
            case .string(let value): writer.string(value)
            case .money(let value): writer.money(value)
            case .optionalInt(let value): writer.optional(value) { $0.int($1) }
            }
        }

        func readsBack(_ reader: inout PackedFieldReader) throws -> Bool {
            switch self {
            case .unsigned(let value): try reader.unsigned() == value
            case .signed(let value): try reader.signed() == value
            case .bool(let value): try reader.bool() == value
            case .double(let value): try reader.double().bitPattern == value.bitPattern
            case .string(let value): try reader.string() == value
            case .money(let value): try reader.money() == value
            case .optionalInt(let value): try reader.optional { reader throws(PackedFieldError) in try reader.int() } == value
            }
        }
    }

    private func randomValue(_ random: inout SeededGenerator) -> Value {
        let texts = ["", "a", "driver-7", "é", "𝄞 tracker", String(repeating: "x", count: 300)]
        let currencies: [Currency] = [.usd, .eur, .jpy]
        switch random.next() % 7 {
        case 0: return .unsigned(UInt(random.next() >> (random.next() % 64)))
        case 1: return .signed(Int64(bitPattern: random.next() >> (random.next() % 64)) * (random.next() % 2 == 0 ? 1 : -1))
        case 2: return .bool(random.next() % 2 == 0)
        case 3: return .double([0, -0.0, 1.5, -1e300, .infinity, .nan, .leastNonzeroMagnitude][Int(random.next() % 7)])
        case 4: return .string(texts[Int(random.next() % UInt64(texts.count))])
        case 5: return .money(Money(minorUnits: Int64(bitPattern: random.next()) >> 8, currency: currencies[Int(random.next() % 3)]))
        default: return .optionalInt(random.next() % 2 == 0 ? nil : Int(bitPattern: UInt(random.next())))
        }
    }

    func test_randomSequences_readBackInOrder_andEndExactly() throws {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<500 {
            let values = (0..<Int(random.next() % 20)).map { _ in randomValue(&random) }
            var writer = PackedFieldWriter()
            for value in values { value.write(&writer) }
            for interning in [false, true] {
                try writer.bytes.withUnsafeBufferPointer { buffer in
                    var reader = PackedFieldReader(buffer, interningStrings: interning)
                    for value in values { XCTAssertTrue(try value.readsBack(&reader), "\(value)") }
                    XCTAssertTrue(reader.isAtEnd)
                    XCTAssertEqual(reader.position, buffer.count)
                }
            }
            // Cut anywhere inside the last value, the read throws rather than running past the end.
            guard let last = values.last, writer.bytes.count > 0 else { continue }
            var before = PackedFieldWriter()
            for value in values.dropLast() { value.write(&before) }
            for cut in before.bytes.count..<writer.bytes.count {
                try Array(writer.bytes[..<cut]).withUnsafeBufferPointer { buffer in
                    var reader = PackedFieldReader(buffer)
                    for value in values.dropLast() { _ = try value.readsBack(&reader) }
                    XCTAssertThrowsError(try last.readsBack(&reader), "\(last) cut at \(cut)")
                }
            }
        }
    }

    func test_malformedValues_throwWithTheOffset() throws {
        func error(_ bytes: [UInt8], _ read: (inout PackedFieldReader) throws -> Void) -> PackedFieldError? {
            bytes.withUnsafeBufferPointer { buffer in
                var reader = PackedFieldReader(buffer)
                do {
                    try read(&reader)
                    return nil
                } catch {
                    return error as? PackedFieldError
                }
            }
        }
        XCTAssertNotNil(error([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]) { _ = try $0.unsigned() }, "past 64 bits")
        XCTAssertEqual(error([2]) { _ = try $0.bool() }?.offset, 0, "flag neither 0 nor 1")
        XCTAssertEqual(error([1, 0, 0]) { _ = try $0.bool(); _ = try $0.double() }?.offset, 1, "a double needs 8 bytes")
        XCTAssertEqual(error([2, 0xC3, 0x28]) { _ = try $0.string() }?.offset, 3, "invalid UTF-8")
        XCTAssertNotNil(error([9, 0x61]) { _ = try $0.string() }, "a string past the end")
        XCTAssertNotNil(error([5, 0x61]) { _ = try $0.count() }, "a count beyond the bytes left")
        XCTAssertNotNil(error([0, 3, 0x55, 0x53, 0x64, 2]) { _ = try $0.money() }, "a lowercase currency code")
        XCTAssertNotNil(error([0, 3, 0x55, 0x53, 0x44, 19]) { _ = try $0.money() }, "19 minor-unit digits")
        var writer = PackedFieldWriter()
        writer.string("x")
        writer.removeAll()
        XCTAssertTrue(writer.bytes.isEmpty)
    }

    func test_utf8String_isTheStandardLibrarysString_orNil() {
        for bytes: [UInt8] in [[], Array("driver-7".utf8), Array("a longer id than fifteen bytes".utf8), Array("é𝄞".utf8), [0xC3], [0xED, 0xA0, 0x80]] {
            XCTAssertEqual(bytes.withUnsafeBufferPointer(UTF8Bytes.string), String(validating: bytes, as: UTF8.self), "\(bytes)")
        }
    }
}
