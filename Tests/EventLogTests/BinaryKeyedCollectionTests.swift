import EventLog
import EventLogTestSupport
import PlatformKit
import XCTest

/// Nested values, collections and enum cases written and read without `Codable` agree with the
/// `Codable` paths of `BinaryEncoder` and `BinaryDecoder`, also nested inside a `Codable` value.
final class BinaryKeyedCollectionTests: XCTestCase {
    struct Line: Codable, Equatable, BinaryEncodable, BinaryDecodable {
        var id: String
        var amount: Money
        var at: Instant
        var ended: Instant?
        var rating: Int?

        init(id: String, amount: Money, at: Instant, ended: Instant?, rating: Int?) {
            (self.id, self.amount, self.at, self.ended, self.rating) = (id, amount, at, ended, rating)
        }

        init(from reader: inout BinaryKeyedReader) throws {
            id = try reader.decode(String.self, forKey: "id")
            amount = try reader.decode(Money.self, forKey: "amount")
            at = try reader.decode(Instant.self, forKey: "at")
            ended = try reader.decodeIfPresent(Instant.self, forKey: "ended")
            rating = try reader.decodeIfPresent(Int.self, forKey: "rating")
        }

        func encode(to writer: inout BinaryKeyedWriter) {
            writer.encode(id, forKey: "id")
            writer.encode(amount, forKey: "amount")
            writer.encode(at, forKey: "at")
            writer.encodeIfPresent(ended, forKey: "ended")
            writer.encodeIfPresent(rating, forKey: "rating")
        }
    }

    enum Outcome: Codable, Equatable, BinaryEncodable, BinaryDecodable {
        case accepted(lines: [Line])
        case rejected(reason: String)
        case none

        private enum Case: String, CaseIterable { case accepted, rejected, none }

        init(from reader: inout BinaryKeyedReader) throws {
            var (kind, values) = try reader.enumCase(as: Case.self)
            switch kind {
            case .accepted: self = .accepted(lines: try values.decode([Line].self, forKey: "lines"))
            case .rejected: self = .rejected(reason: try values.decode(String.self, forKey: "reason"))
            case .none: self = .none
            }
        }

        func encode(to writer: inout BinaryKeyedWriter) {
            switch self {
            case .accepted(let lines): writer.encodeNested(forKey: "accepted") { $0.encode(lines, forKey: "lines") }
            case .rejected(let reason): writer.encodeNested(forKey: "rejected") { $0.encode(reason, forKey: "reason") }
            case .none: writer.encodeNested(forKey: "none") { _ in }
            }
        }
    }

    struct Book: Codable, Equatable, BinaryEncodable, BinaryDecodable {
        var lines: [Line]
        var byID: [String: Line]
        var names: [String: String]
        var seen: Set<String>
        var entries: [String: [Instant]]
        var outcomes: [String: Outcome]
        var last: Line?
        var version: Int64?
        /// Written and read through `Codable`.
        var totals: [Int64: Int64]

        init(lines: [Line], byID: [String: Line], names: [String: String], seen: Set<String>, entries: [String: [Instant]], outcomes: [String: Outcome], last: Line?, version: Int64?, totals: [Int64: Int64]) {
            (self.lines, self.byID, self.names, self.seen, self.entries, self.outcomes, self.last, self.version, self.totals) = (lines, byID, names, seen, entries, outcomes, last, version, totals)
        }

        init(from reader: inout BinaryKeyedReader) throws {
            lines = try reader.decode([Line].self, forKey: "lines")
            byID = try reader.decode([String: Line].self, forKey: "byID")
            names = try reader.decode([String: String].self, forKey: "names")
            seen = try reader.decode(Set<String>.self, forKey: "seen")
            entries = try reader.decode([String: [Instant]].self, forKey: "entries")
            outcomes = try reader.decode([String: Outcome].self, forKey: "outcomes")
            last = try reader.decodeIfPresent(Line.self, forKey: "last")
            version = try reader.decodeIfPresent(Int64.self, forKey: "version")
            totals = try reader.decode([Int64: Int64].self, forKey: "totals")
        }

        func encode(to writer: inout BinaryKeyedWriter) {
            writer.encode(lines, forKey: "lines")
            writer.encode(byID, forKey: "byID")
            writer.encode(names, forKey: "names")
            writer.encode(seen, forKey: "seen")
            writer.encode(entries, forKey: "entries")
            writer.encode(outcomes, forKey: "outcomes")
            writer.encodeIfPresent(last, forKey: "last")
            writer.encodeIfPresent(version, forKey: "version")
            writer.encode(totals, forKey: "totals")
        }
    }

    /// A `Codable` value around a `BinaryDecodable` one: `BinaryDecoder` hands it to the reader.
    struct Shelf: Codable, Equatable {
        var books: [Book]
        var label: String
    }

    private var random = SeededGenerator(seed: 91)

    private func text() -> String {
        String((0..<Int.random(in: 0...12, using: &random)).map { _ in "aé€𝄞 z9".randomElement(using: &random)! })
    }

    private func count(_ most: Int) -> Int { Int.random(in: 0...most, using: &random) }
    private func instant() -> Instant { Instant(millisecondsSinceEpoch: Int64.random(in: -9_000_000...9_000_000_000_000, using: &random)) }
    private func maybe<T>(_ make: () -> T) -> T? { Bool.random(using: &random) ? make() : nil }

    private func line() -> Line {
        Line(
            id: text(), amount: Money(minorUnits: Int64.random(in: -1_000_000...1_000_000, using: &random), currency: .usd),
            at: instant(), ended: maybe { instant() }, rating: maybe { Int.random(in: Int.min...Int.max, using: &random) }
        )
    }

    private func outcome() -> Outcome {
        switch count(2) {
        case 0: .accepted(lines: (0..<count(2)).map { _ in line() })
        case 1: .rejected(reason: text())
        default: .none
        }
    }

    private func keyed<V>(_ most: Int, _ value: () -> V) -> [String: V] {
        Dictionary((0..<count(most)).map { _ in (text(), value()) }, uniquingKeysWith: { first, _ in first })
    }

    private func book() -> Book {
        Book(
            lines: (0..<count(3)).map { _ in line() }, byID: keyed(3) { line() }, names: keyed(3) { text() },
            seen: Set((0..<count(4)).map { _ in text() }), entries: keyed(3) { (0..<count(3)).map { _ in instant() } },
            outcomes: keyed(3) { outcome() }, last: maybe { line() }, version: maybe { Int64.random(in: Int64.min...Int64.max, using: &random) },
            totals: Dictionary((0..<count(3)).map { _ in (Int64(count(1_000)), Int64.random(in: Int64.min...Int64.max, using: &random)) }, uniquingKeysWith: { first, _ in first })
        )
    }

    private var codable: BinaryDecoder {
        var decoder = BinaryDecoder()
        decoder.usesBinaryDecodable = false
        return decoder
    }

    func test_fastDecode_equalsCodableDecode_forRandomValues() throws {
        for _ in 0..<500 {
            let book = book()
            let bytes = try BinaryEncoder().encode(book)
            XCTAssertEqual(try BinaryKeyedReader.decode(Book.self, from: bytes), book)
            XCTAssertEqual(try codable.decode(Book.self, from: bytes), book)
            let shelf = Shelf(books: [book, self.book()], label: text())
            XCTAssertEqual(try BinaryDecoder().decode(Shelf.self, from: BinaryEncoder().encode(shelf)), shelf)
        }
    }

    func test_fastEncode_equalsCodableEncode_forRandomValues() throws {
        var encoder = BinaryEncoder()
        encoder.usesBinaryEncodable = false
        for _ in 0..<500 {
            let book = book()
            XCTAssertEqual(try BinaryEncoder().encode(book), try encoder.encode(book))
            let shelf = Shelf(books: [book, self.book()], label: text())
            XCTAssertEqual(try BinaryEncoder().encode(shelf), try encoder.encode(shelf))
        }
    }

    /// `encodeData` hands over the encoder's buffer: the same bytes as `encode`, whichever way
    /// the value is written (itself or through `Codable`; the tree fallback is in `BinaryCodecTests`).
    func test_encodeData_equalsEncode_onEveryPath() throws {
        var viaCodable = BinaryEncoder()
        viaCodable.usesBinaryEncodable = false
        for _ in 0..<100 {
            let shelf = Shelf(books: [book(), book()], label: text())
            for encoder in [BinaryEncoder(), viaCodable] {
                XCTAssertEqual(try [UInt8](encoder.encodeData(shelf)), try encoder.encode(shelf))
                XCTAssertEqual(try [UInt8](encoder.encodeData(shelf.books[0])), try encoder.encode(shelf.books[0]))
            }
        }
        let large = Shelf(books: (0..<5_000).map { _ in book() }, label: text())
        XCTAssertEqual(try BinaryDecoder().decode(Shelf.self, from: [UInt8](BinaryEncoder().encodeData(large))), large)
    }

    /// A field written through `Codable` that throws fails the whole encoding with its error.
    func test_aFieldThatFailsToEncode_throwsItsError() throws {
        struct Refused: Error {}
        struct Unencodable: Encodable {
            func encode(to encoder: any Encoder) throws { throw Refused() }
        }
        struct Holder: BinaryEncodable {
            var lines: [Line]
            var field = Unencodable()
            func encode(to writer: inout BinaryKeyedWriter) throws {
                writer.encode(lines, forKey: "lines")
                try writer.encode(field, forKey: "field")
            }
        }
        // Enough lines that the buffer grows before the failing field.
        let holder = Holder(lines: (0..<300).map { _ in line() })
        XCTAssertThrowsError(try BinaryEncoder().encode([holder, holder])) { XCTAssertTrue($0 is Refused, "\($0)") }
        XCTAssertThrowsError(try BinaryEncoder().encode(holder)) { XCTAssertTrue($0 is Refused, "\($0)") }
    }

    func test_fastDecode_failsWhereCodableFails_onMalformedInput() throws {
        let valid = try BinaryEncoder().encode(Shelf(books: [book(), book()], label: text()))
        var inputs = stride(from: 0, to: valid.count, by: 3).map { Array(valid.prefix($0)) }
        for _ in 0..<1_500 {
            var mutated = valid
            mutated[Int.random(in: 0..<mutated.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            inputs.append(mutated)
        }
        for (index, input) in inputs.enumerated() {
            let fast = try? BinaryDecoder().decode(Shelf.self, from: input)
            let slow = try? codable.decode(Shelf.self, from: input)
            XCTAssertEqual(fast == nil, slow == nil, "input \(index) of \(inputs.count)")
        }
    }

    func test_errors_nameTheWholePath() throws {
        struct Broken: Encodable {
            struct Inner: Encodable { var id = "x"; var amount = "not money" }
            var books = [["lines": [Inner()]]]
            var label = "l"
        }
        XCTAssertThrowsError(try BinaryDecoder().decode(Shelf.self, from: BinaryEncoder().encode(Broken()))) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["books", "Index 0", "lines", "Index 0", "amount"])
        }
    }

    func test_integersByInt64Keys_codeLikeCodable_andAnOddListIsRefused() throws {
        struct Counts: Codable, Equatable, BinaryEncodable, BinaryDecodable {
            var totals: [Int64: Int64]
            var trips: [Int64: Int]

            init(totals: [Int64: Int64], trips: [Int64: Int]) {
                (self.totals, self.trips) = (totals, trips)
            }

            init(from reader: inout BinaryKeyedReader) throws {
                totals = try reader.decode([Int64: Int64].self, forKey: "totals")
                trips = try reader.decode([Int64: Int].self, forKey: "trips")
            }

            func encode(to writer: inout BinaryKeyedWriter) {
                writer.encode(totals, forKey: "totals")
                writer.encode(trips, forKey: "trips")
            }
        }
        for counts in [
            Counts(totals: [:], trips: [:]),
            Counts(totals: [-5: .min, 0: 0, 1 << 40: .max], trips: [.min: -1, 7: .max, 20_412: 3]),
            Counts(totals: Dictionary(uniqueKeysWithValues: (0..<200).map { (Int64($0) * 86_400, Int64($0) - 100) }), trips: [1: 1]),
        ] {
            try assertEncodesLikeCodable(counts)
            try assertDecodesLikeCodable(counts)
        }
        struct Odd: Encodable { var totals: [Int64] = [1, 2, 3]; var trips: [Int64] = [] }
        let odd = try BinaryEncoder().encode(Odd())
        XCTAssertThrowsError(try BinaryKeyedReader.decode(Counts.self, from: odd)) { XCTAssertTrue("\($0)".contains("odd-length"), "\($0)") }
        var codable = BinaryDecoder()
        codable.usesBinaryDecodable = false
        XCTAssertThrowsError(try codable.decode(Counts.self, from: odd))
    }

    func test_arraysOfIntegers_codeLikeCodable_andATruncatedOneIsRefused() throws {
        struct Column: Codable, Equatable, BinaryEncodable, BinaryDecodable {
            var values: [Int64]

            init(_ values: [Int64]) { self.values = values }

            init(from reader: inout BinaryKeyedReader) throws {
                values = try reader.decode([Int64].self, forKey: "values")
            }

            func encode(to writer: inout BinaryKeyedWriter) {
                writer.encode(values, forKey: "values")
            }
        }
        var random = SeededGenerator(seed: 11)
        for column in [Column([]), Column([0, -1, 1, .min, .max]), Column((0..<300).map { _ in Int64(bitPattern: random.next()) >> (random.next() % 64) })] {
            try assertEncodesLikeCodable(column)
            try assertDecodesLikeCodable(column)
        }
        var truncated = try BinaryEncoder().encode(Column([1 << 40, 2]))
        truncated[truncated.count - 2] |= 0x80  // the last varint now runs past its region
        XCTAssertThrowsError(try BinaryKeyedReader.decode(Column.self, from: truncated))
    }

    /// A dictionary of nested values by string keys reads itself without `Codable`, also at the
    /// top (a projection state such as a client table), as `Codable` reads it.
    func test_aDictionaryOfNestedValues_atTheTop_decodesLikeCodable() throws {
        for _ in 0..<200 {
            let outcomes = keyed(6) { outcome() }
            let bytes = try BinaryEncoder().encode(outcomes)
            XCTAssertEqual(try BinaryKeyedReader.decode([String: Outcome].self, from: bytes), outcomes)
            XCTAssertEqual(try BinaryDecoder().decode([String: Outcome].self, from: bytes), outcomes)
            XCTAssertEqual(try codable.decode([String: Outcome].self, from: bytes), outcomes)
        }
    }

    /// Entries handed over in a dictionary's order encode as the dictionary, on the binary path
    /// and through `Codable`, whole or in chunks; in any other order they decode to it.
    func test_keyedEntries_encodeAsTheirDictionary() throws {
        for _ in 0..<100 {
            let outcomes = keyed(6) { outcome() }
            let inOrder = BinaryKeyedEntries<String, Outcome> { body in for (key, value) in outcomes { body(key, value) } }
            let sorted = BinaryKeyedEntries<String, Outcome> { body in for key in outcomes.keys.sorted() { body(key, outcomes[key]!) } }
            assertSameBytes(try BinaryEncoder().encode(inOrder), try BinaryEncoder().encode(outcomes), "entries in the dictionary's order")
            let chunks = EncodedStateBytes()
            try BinaryEncoder().encode(inOrder, inChunksOf: 16, to: .collecting(into: chunks))
            assertSameBytes([UInt8](chunks.bytes), try BinaryEncoder().encode(outcomes), "entries in chunks")
            XCTAssertEqual(try BinaryKeyedReader.decode([String: Outcome].self, from: BinaryEncoder().encode(sorted)), outcomes)
            var throughCodable = BinaryEncoder()
            throughCodable.usesBinaryEncodable = false
            XCTAssertEqual(try codable.decode([String: Outcome].self, from: throughCodable.encode(sorted)), outcomes)
        }
    }

    /// Reusing repeated values gives every entry the value decoding it alone would.
    func test_forEachEntry_reusingRepeats_givesEachEntryItsOwnValue() throws {
        struct Holder: Codable { var outcomes: [String: Outcome] }
        let alike = [Outcome.none, .rejected(reason: "busy"), .accepted(lines: [line()])]
        for _ in 0..<50 {
            // Runs of equal values, and values equal to one further back.
            let values = (0..<count(40)).map { _ in alike[count(2)] }
            let outcomes = Dictionary(uniqueKeysWithValues: values.enumerated().map { ("k\($0.offset)", $0.element) })
            let bytes = try BinaryEncoder().encode(Holder(outcomes: outcomes))
            XCTAssertEqual(try BinaryKeyedReader.decode(Entries<Reused>.self, from: bytes).outcomes, outcomes)
            XCTAssertEqual(try BinaryKeyedReader.decode(Entries<DecodedOneByOne>.self, from: bytes).outcomes, outcomes)
        }
    }

    /// Strings read as `Codable` reads them on every path (short ASCII ones take a shortcut):
    /// every length around the shortcut's limit, ASCII or not, and invalid UTF-8 refused.
    func test_strings_ofEveryShortLength_readLikeCodable_andInvalidUTF8IsRefused() throws {
        struct Text: Codable, Equatable, BinaryDecodable {
            var text: String
            init(text: String) { self.text = text }
            init(from reader: inout BinaryKeyedReader) throws { text = try reader.decode(String.self, forKey: "text") }
        }
        for length in 0...20 {
            for text in [String(repeating: "a", count: length), String(repeating: "a", count: max(0, length - 2)) + (length >= 2 ? "é" : "")] {
                let bytes = try BinaryEncoder().encode(Text(text: text))
                XCTAssertEqual(try BinaryKeyedReader.decode(Text.self, from: bytes).text, text)
                XCTAssertEqual(try BinaryKeyedReader.decode([String: Text].self, from: BinaryEncoder().encode([text: Text(text: text)])), [text: Text(text: text)])
            }
            guard length > 0 else { continue }
            for invalid in [0x80, 0xC3, 0xFF] as [UInt8] {
                var bytes = try BinaryEncoder().encode(Text(text: String(repeating: "a", count: length)))
                bytes[bytes.count - 1 - length / 2] = invalid
                XCTAssertThrowsError(try BinaryKeyedReader.decode(Text.self, from: bytes), "length \(length), byte \(invalid)")
                XCTAssertThrowsError(try codable.decode(Text.self, from: bytes), "length \(length), byte \(invalid)")
            }
        }
    }
}

/// Whether `Entries` reuses repeated values.
private protocol Reuse { static var reusingRepeats: Bool { get } }
private enum Reused: Reuse { static let reusingRepeats = true }
private enum DecodedOneByOne: Reuse { static let reusingRepeats = false }

/// The entries of a dictionary `outcomes` as `forEachEntry(inDictionaryForKey:reusingRepeats:)` hands them over.
private struct Entries<R: Reuse>: BinaryDecodable {
    var outcomes: [String: BinaryKeyedCollectionTests.Outcome] = [:]

    init(from reader: inout BinaryKeyedReader) throws {
        var outcomes: [String: BinaryKeyedCollectionTests.Outcome] = [:]
        try reader.forEachEntry(inDictionaryForKey: "outcomes", reusingRepeats: R.reusingRepeats) { (key: String, value: BinaryKeyedCollectionTests.Outcome) in
            XCTAssertNil(outcomes.updateValue(value, forKey: key), "\(key) handed over twice")
        }
        self.outcomes = outcomes
    }

    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "read by BinaryKeyedReader only"))
    }
}
