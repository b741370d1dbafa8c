import EventLog
import EventLogTestSupport
import XCTest

/// A value encoded in chunks is handed on as exactly the bytes of its whole encoding.
final class ChunkedEncodingTests: XCTestCase {
    struct Entry: Codable, Equatable, BinaryEncodable {
        var name: String
        var tags: [String]
        var amount: Int
        var note: String?

        func encode(to writer: inout BinaryKeyedWriter) {
            writer.encode(name, forKey: "name")
            writer.encode(tags, forKey: "tags")
            writer.encode(amount, forKey: "amount")
            writer.encodeIfPresent(note, forKey: "note")
        }
    }

    struct Catalog: Codable, Equatable, BinaryEncodable {
        var entries: [String: Entry]
        var history: [Entry]
        var title: String

        func encode(to writer: inout BinaryKeyedWriter) {
            writer.encode(entries, forKey: "entries")
            writer.encode(history, forKey: "history")
            writer.encode(title, forKey: "title")
        }
    }

    /// A catalog whose regions range from a byte to tens of kilobytes (varints of 1 to 3 bytes).
    private func catalog(_ count: Int) -> Catalog {
        var random = SystemRandomNumberGenerator()
        func entry(_ index: Int) -> Entry {
            Entry(
                name: "entry-\(index)", tags: (0..<Int.random(in: 0...40, using: &random)).map { "tag\($0)" },
                amount: Int.random(in: -1_000_000...1_000_000, using: &random),
                note: Bool.random(using: &random) ? String(repeating: "é", count: Int.random(in: 0...300, using: &random)) : nil
            )
        }
        return Catalog(
            entries: Dictionary(uniqueKeysWithValues: (0..<count).map { ("key-\($0)", entry($0)) }),
            history: (0..<count / 2).map(entry), title: "catalog"
        )
    }

    private func chunks(_ value: Catalog, _ chunkSize: Int) throws -> (size: Int, chunks: [[UInt8]]) {
        var announced = -1
        var chunks: [[UInt8]] = []
        let size = try BinaryEncoder().encode(value, inChunksOf: chunkSize, begin: { announced = $0 }, write: { chunks.append(Array($0)) })
        XCTAssertEqual(announced, size)
        return (size, chunks)
    }

    func test_chunks_joinIntoTheWholeEncoding_forEveryChunkSize() throws {
        for count in [0, 1, 40, 400] {
            let value = catalog(count)
            let whole = try BinaryEncoder().encode(value)
            for chunkSize in [1, 2, 7, 64, 1_000, 10_000, 1 << 20] {
                let (size, chunks) = try chunks(value, chunkSize)
                XCTAssertEqual(size, whole.count, "\(count) entries, chunks of \(chunkSize)")
                assertSameBytes(chunks.flatMap { $0 }, whole, "\(count) entries, chunks of \(chunkSize)")
            }
        }
    }

    func test_noChunk_isMuchLargerThanTheChunkSize() throws {
        let value = catalog(2_000)
        let whole = try BinaryEncoder().encode(value)
        let (_, chunks) = try chunks(value, 4_096)
        XCTAssertGreaterThan(chunks.count, whole.count / 8_192, "the encoding is handed on as it is written")
        XCTAssertLessThan(chunks.map(\.count).max() ?? 0, 3 * 4_096 + 2_000, "at most a chunk and the last entry's region")
    }

    func test_aValueThatEncodesOtherwiseTheSecondTime_isRefused() {
        final class Counter: @unchecked Sendable { var calls = 0 }
        struct Drifting: Codable, BinaryEncodable {
            let counter: Counter
            init(_ counter: Counter) { self.counter = counter }
            init(from decoder: any Decoder) throws { counter = Counter() }
            func encode(to encoder: any Encoder) throws {}
            func encode(to writer: inout BinaryKeyedWriter) {
                counter.calls += 1
                writer.encode(Array(repeating: "x", count: counter.calls * 100), forKey: "items")
            }
        }
        XCTAssertThrowsError(try BinaryEncoder().encode(Drifting(Counter()), inChunksOf: 16, begin: { _ in }, write: { _ in }))
    }

    func test_anErrorOfTheSink_isThrown() {
        struct Full: Error {}
        XCTAssertThrowsError(try BinaryEncoder().encode(catalog(100), inChunksOf: 64, begin: { _ in }, write: { _ in throw Full() })) { error in
            XCTAssertTrue(error is Full, "\(error)")
        }
    }
}
