@testable import EventLog
import EventLogTestSupport
import PlatformKit
import XCTest

/// Amounts laid out as `Money` writes them are read at fixed offsets, to the same value the keyed
/// reading gives; any other layout is read key by key, and malformed ones are refused as
/// `Codable` refuses them.
final class MoneyDecodingTests: XCTestCase {
    /// An amount with its keys in the other order (a valid encoding the fixed offsets do not fit).
    struct Reordered: Encodable {
        var currency: Currency
        var minorUnits: Int64
    }

    /// Reads the container as `Money` and says whether the fixed offsets read it.
    struct Probe: Decodable, BinaryDecodable {
        var money: Money
        var wasCanonical: Bool
        init(from reader: inout BinaryKeyedReader) throws {
            wasCanonical = reader.canonicalMoney() != nil
            money = try Money(from: &reader)
        }
        init(from decoder: any Decoder) throws {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "read with BinaryKeyedReader only"))
        }
    }

    private var amounts: [Money] {
        var random = SeededGenerator(seed: 42)
        let codes = ["USD", "EUR", "JPY", "BHD", "ZZZ", "AAA"]
        return [Int64.min, Int64.max, 0, -1, 1, 63, -64, 64].map { Money(minorUnits: $0, currency: .usd) }
            + (0..<300).map { index in
                Money(
                    minorUnits: Int64.random(in: Int64.min...Int64.max, using: &random) >> (index % 60),
                    currency: Currency(code: codes[index % codes.count], minorUnitDigits: index % 19)
                )
            }
    }

    func test_amountsAsWritten_areReadAtFixedOffsets_toTheKeyedValue() throws {
        var codable = BinaryDecoder()
        codable.usesBinaryDecodable = false
        for amount in amounts {
            let bytes = try BinaryEncoder().encode(amount)
            let probe = try BinaryKeyedReader.decode(Probe.self, from: bytes)
            XCTAssertTrue(probe.wasCanonical, "\(amount)")
            XCTAssertEqual(probe.money, amount)
            XCTAssertEqual(try codable.decode(Money.self, from: bytes), amount)
        }
    }

    func test_anotherLayout_isReadKeyByKey() throws {
        let bytes = try BinaryEncoder().encode(Reordered(currency: .eur, minorUnits: -1_234))
        let probe = try BinaryKeyedReader.decode(Probe.self, from: bytes)
        XCTAssertFalse(probe.wasCanonical)
        XCTAssertEqual(probe.money, Money(minorUnits: -1_234, currency: .eur))
    }

    func test_malformedAmounts_areRefusedAsCodableRefusesThem() throws {
        var codable = BinaryDecoder()
        codable.usesBinaryDecodable = false
        for amount in amounts.prefix(20) {
            for input in malformedInputs(of: try BinaryEncoder().encode(amount), mutations: 300, seed: UInt64(bitPattern: amount.minorUnits)) {
                XCTAssertEqual(try? BinaryKeyedReader.decode(Money.self, from: input), try? codable.decode(Money.self, from: input))
            }
        }
    }
}
