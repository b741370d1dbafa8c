import EventLog
import PlatformKit
import XCTest

/// `BinaryEncodable` conformances write exactly the bytes of the synthesized `Codable` encoding.
final class BinaryKeyedWriterTests: XCTestCase {
    enum Mode: String, Codable, CaseIterable { case walking, drivingAVeryLongModeName }
    enum Level: UInt8, Codable, CaseIterable { case low = 1, high = 200 }

    struct Leaf: Codable, Equatable, BinaryEncodable {
        var name: String
        var amount: Int64

        func encode(to writer: inout BinaryKeyedWriter) {
            writer.encode(name, forKey: "name")
            writer.encode(amount, forKey: "amount")
        }
    }

    enum Outcome: Codable, Equatable, BinaryEncodable {
        case done(Leaf, notes: [String])
        case failed(reason: String)

        func encode(to writer: inout BinaryKeyedWriter) {
            switch self {
            case .done(let leaf, let notes):
                writer.encodeNested(forKey: "done") {
                    $0.encode(leaf, forKey: "_0")
                    $0.encode(notes, forKey: "notes")
                }
            case .failed(let reason):
                writer.encodeNested(forKey: "failed") { $0.encode(reason, forKey: "reason") }
            }
        }
    }

    struct Sample: Codable, Equatable, BinaryEncodable {
        var text: String
        var int: Int
        var int64: Int64
        var flag: Bool
        var mode: Mode
        var level: Level
        var at: Instant
        var note: String?
        var count: Int?
        var total: Int64?
        var when: Instant?
        var leaf: Leaf?
        var leaves: [Leaf]
        var tags: [String]
        var outcome: Outcome
        var money: Money
        var numbers: [Int]
        var modes: [Mode]

        func encode(to writer: inout BinaryKeyedWriter) {
            writer.encode(text, forKey: "text")
            writer.encode(int, forKey: "int")
            writer.encode(int64, forKey: "int64")
            writer.encode(flag, forKey: "flag")
            writer.encode(mode, forKey: "mode")
            writer.encode(level, forKey: "level")
            writer.encode(at, forKey: "at")
            writer.encodeIfPresent(note, forKey: "note")
            writer.encodeIfPresent(count, forKey: "count")
            writer.encodeIfPresent(total, forKey: "total")
            writer.encodeIfPresent(when, forKey: "when")
            writer.encodeIfPresent(leaf, forKey: "leaf")
            writer.encode(leaves, forKey: "leaves")
            writer.encode(tags, forKey: "tags")
            writer.encode(outcome, forKey: "outcome")
            writer.encode(money, forKey: "money")
            try? writer.encode(numbers, forKey: "numbers")
            writer.encode(modes, forKey: "modes")
        }
    }

    /// A `Codable` type holding `BinaryEncodable` ones.
    struct Parent: Codable, Equatable {
        var sample: Sample
        var samples: [Sample]
        var leaf: Leaf?
    }

    /// Writes its keys in another order than its synthesized encoding.
    struct Misordered: Codable, BinaryEncodable {
        var first: String
        var second: String

        func encode(to writer: inout BinaryKeyedWriter) {
            writer.encode(second, forKey: "second")
            writer.encode(first, forKey: "first")
        }
    }

    private var random = SeededGenerator(seed: 77)

    private func text(upTo length: Int = 200) -> String {
        String((0..<Int.random(in: 0...length, using: &random)).map { _ in "aé€𝄞 z9".randomElement(using: &random)! })
    }

    private func leaf() -> Leaf {
        Leaf(name: text(upTo: 20), amount: Int64.random(in: Int64.min...Int64.max, using: &random))
    }

    private func maybe<T>(_ make: () -> T) -> T? {
        Bool.random(using: &random) ? make() : nil
    }

    /// A random sample; one in four has 200-element arrays (counts and lengths past one varint byte).
    private func sample() -> Sample {
        let many = Int.random(in: 0...3, using: &random) == 0 ? 200 : 3
        return Sample(
            text: text(), int: Int.random(in: Int.min...Int.max, using: &random),
            int64: Int64.random(in: Int64.min...Int64.max, using: &random), flag: Bool.random(using: &random),
            mode: Mode.allCases.randomElement(using: &random)!, level: Level.allCases.randomElement(using: &random)!,
            at: Instant(millisecondsSinceEpoch: Int64.random(in: -1_000_000_000_000...4_000_000_000_000, using: &random)),
            note: maybe { text() }, count: maybe { Int.random(in: -300...300, using: &random) },
            total: maybe { Int64.random(in: Int64.min...Int64.max, using: &random) },
            when: maybe { Instant(millisecondsSinceEpoch: Int64.random(in: 0...4_000_000_000_000, using: &random)) },
            leaf: maybe { leaf() }, leaves: (0..<Int.random(in: 0...many, using: &random)).map { _ in leaf() },
            tags: (0..<Int.random(in: 0...many, using: &random)).map { _ in text(upTo: 8) },
            outcome: Bool.random(using: &random) ? .done(leaf(), notes: [text(upTo: 9)]) : .failed(reason: text()),
            money: Money(minorUnits: Int64.random(in: -1_000_000...1_000_000, using: &random), currency: Bool.random(using: &random) ? .usd : .eur),
            numbers: (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: Int.min...Int.max, using: &random) },
            modes: (0..<Int.random(in: 0...many, using: &random)).map { _ in Mode.allCases.randomElement(using: &random)! }
        )
    }

    private func throughCodable(_ value: some Encodable) throws -> [UInt8] {
        var encoder = BinaryEncoder()
        encoder.usesBinaryEncodable = false
        return try encoder.encode(value)
    }

    func test_writer_equalsCodable_forRandomValues() throws {
        for _ in 0..<1_000 {
            let value = sample()
            let bytes = try BinaryEncoder().encode(value)
            XCTAssertEqual(bytes, try throughCodable(value))
            XCTAssertEqual(try BinaryDecoder().decode(Sample.self, from: bytes), value)
        }
    }

    func test_nestedInCodable_equalsCodable() throws {
        for _ in 0..<200 {
            let parent = Parent(sample: sample(), samples: (0..<Int.random(in: 0...3, using: &random)).map { _ in sample() }, leaf: maybe { leaf() })
            let bytes = try BinaryEncoder().encode(parent)
            XCTAssertEqual(bytes, try throughCodable(parent))
            XCTAssertEqual(try BinaryDecoder().decode(Parent.self, from: bytes), parent)
        }
    }

    func test_aConformanceThatDiffers_isCaught() throws {
        let value = Misordered(first: "a", second: "b")
        XCTAssertNotEqual(try BinaryEncoder().encode(value), try throughCodable(value))
    }
}
