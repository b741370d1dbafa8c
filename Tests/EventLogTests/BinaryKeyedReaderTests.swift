@testable import EventLog
import EventLogTestSupport
import LedgerDemo
import PlatformKit
import XCTest

/// The `Codable`-free decode path must agree with `BinaryDecoder` on every input.
final class BinaryKeyedReaderTests: XCTestCase {
    struct Sample: Codable, Equatable, BinaryDecodable {
        var name: String
        var count: Int
        var total: Int64
        var flag: Bool
        var note: String?
        var tags: [String]

        init(name: String, count: Int, total: Int64, flag: Bool, note: String?, tags: [String]) {
            (self.name, self.count, self.total, self.flag, self.note, self.tags) = (name, count, total, flag, note, tags)
        }

        init(from reader: inout BinaryKeyedReader) throws {
            name = try reader.decode(String.self, forKey: "name")
            count = try reader.decode(Int.self, forKey: "count")
            total = try reader.decode(Int64.self, forKey: "total")
            flag = try reader.decode(Bool.self, forKey: "flag")
            note = try reader.decodeIfPresent(String.self, forKey: "note")
            tags = try reader.decode([String].self, forKey: "tags")
        }
    }

    /// Fields in another order than the synthesized encoding, and one key the type lacks.
    struct Reordered: Encodable {
        var extra = "from a newer writer"
        var tags = ["x"]
        var total: Int64 = -5
        var name = "n"
        var flag = true
        var count = 3
    }

    func randomSample(_ random: inout SeededGenerator) -> Sample {
        let text = { (random: inout SeededGenerator) in
            String((0..<Int.random(in: 0...40, using: &random)).map { _ in "aé€𝄞 z9".randomElement(using: &random)! })
        }
        return Sample(
            name: text(&random), count: Int.random(in: Int.min...Int.max, using: &random),
            total: Int64.random(in: Int64.min...Int64.max, using: &random), flag: Bool.random(using: &random),
            note: Bool.random(using: &random) ? text(&random) : nil,
            tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random) }
        )
    }

    func test_fastDecode_equalsCodableDecode_forRandomValues() throws {
        var random = SeededGenerator(seed: 21)
        for _ in 0..<2_000 {
            let bytes = try BinaryEncoder().encode(randomSample(&random))
            XCTAssertEqual(try BinaryKeyedReader.decode(Sample.self, from: bytes), try BinaryDecoder().decode(Sample.self, from: bytes))
        }
        let deposit = Deposited(account: "acct-7", amount: 12_345, memo: String(repeating: "m", count: 160))
        let bytes = try BinaryEncoder().encode(deposit)
        XCTAssertEqual(try BinaryKeyedReader.decode(Deposited.self, from: bytes), deposit)
    }

    func test_fastDecode_toleratesOtherKeyOrderExtraKeysAndMissingOptionals() throws {
        let bytes = try BinaryEncoder().encode(Reordered())
        let decoded = try BinaryKeyedReader.decode(Sample.self, from: bytes)
        XCTAssertEqual(decoded, try BinaryDecoder().decode(Sample.self, from: bytes))
        XCTAssertEqual(decoded, Sample(name: "n", count: 3, total: -5, flag: true, note: nil, tags: ["x"]))
    }

    /// Keys written partly out of the read order (one moved ahead, one written twice): each
    /// look-up after a search goes on from the entry found, and finds what `Codable` finds.
    func test_fastDecode_afterAKeyOutOfOrder_readsTheRestInOrder_likeCodable() throws {
        struct Shuffled: Encodable {
            enum CodingKeys: String, CodingKey { case name, count, total, flag, note, tags }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(["t"], forKey: .tags)
                try container.encode("first", forKey: .name)
                try container.encode(7, forKey: .count)
                try container.encode(Int64(8), forKey: .total)
                try container.encode(false, forKey: .flag)
                try container.encode("second", forKey: .name)
            }
        }
        let bytes = try BinaryEncoder().encode(Shuffled())
        let decoded = try BinaryKeyedReader.decode(Sample.self, from: bytes)
        XCTAssertEqual(decoded, try BinaryDecoder().decode(Sample.self, from: bytes))
        XCTAssertEqual(decoded.count, 7)
        XCTAssertEqual(decoded.total, 8)
        XCTAssertEqual(decoded.tags, ["t"])
    }

    func test_fastDecode_throwsWhereCodableThrows_onMalformedInput() throws {
        var random = SeededGenerator(seed: 22)
        let valid = try BinaryEncoder().encode(randomSample(&random))
        var inputs = malformedInputs(of: valid, mutations: 2_000, seed: 23)
        for _ in 0..<2_000 {
            inputs.append((0..<Int.random(in: 0...60, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        for input in inputs {
            let fast = try? BinaryKeyedReader.decode(Sample.self, from: input)
            let codable = try? BinaryDecoder().decode(Sample.self, from: input)
            XCTAssertEqual(fast, codable, "input \(input)")
        }
    }

    func test_fastDecode_namesTheMissingKey() {
        struct Partial: Encodable { var name = "n" }
        XCTAssertThrowsError(try BinaryKeyedReader.decode(Sample.self, from: BinaryEncoder().encode(Partial()))) { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "count")
        }
    }

    func test_soleKey_namesTheCaseOfAOneKeyContainer_only() throws {
        XCTAssertEqual(try soleKind(["aLongerName": 1]), .long)
        XCTAssertEqual(try soleKind(["aLongerNamf": 1]), .other)
        XCTAssertEqual(try soleKind(["a": 1]), .short)
        XCTAssertNil(try soleKind(["aLonger": 1]))
        XCTAssertNil(try soleKind(["a": 1, "aLongerName": 2]), "two keys")
    }

    func test_enumCase_namesItsCase_andRefusesAnUnknownOne() throws {
        struct Values: Encodable { var x = 1 }
        func kind(_ value: [String: Values]) throws -> SoleKeyProbe.Kind {
            let bytes = try BinaryEncoder().encode(value)
            return try bytes.withUnsafeBytes { buffer in
                let reader = try BinaryKeyedReader(base: buffer.baseAddress!, start: 0, end: buffer.count, Any.self)
                var (kind, values) = try reader.enumCase(as: SoleKeyProbe.Kind.self)
                XCTAssertEqual(try values.decode(Int.self, forKey: "x"), 1)
                return kind
            }
        }
        XCTAssertEqual(try kind(["aLongerNamf": Values()]), .other)
        XCTAssertThrowsError(try kind(["zzz": Values()])) { XCTAssertTrue("\($0)".contains("Unknown case \"zzz\""), "\($0)") }
        XCTAssertThrowsError(try kind(["a": Values(), "aLongerName": Values()])) { XCTAssertTrue("\($0)".contains("exactly one key"), "\($0)") }
    }

    private func soleKind(_ value: [String: Int]) throws -> SoleKeyProbe.Kind? {
        try BinaryKeyedReader.decode(SoleKeyProbe.self, from: BinaryEncoder().encode(value)).kind
    }
}

/// What `soleKey(as:)` finds in a container.
private struct SoleKeyProbe: Decodable, BinaryDecodable {
    enum Kind: String, CaseIterable { case short = "a", long = "aLongerName", other = "aLongerNamf" }

    let kind: Kind?

    init(from decoder: any Decoder) throws { kind = nil }

    init(from reader: inout BinaryKeyedReader) { kind = reader.soleKey(as: Kind.self) }
}
