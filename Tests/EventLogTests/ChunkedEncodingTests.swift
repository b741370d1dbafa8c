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

    /// `value` encoded in chunks of `chunkSize`: the bytes joined (gaps filled), the size of each
    /// write, and the number of gaps; every gap is checked to be filled once, after those left after it.
    private func encodeInChunks(_ value: Catalog, _ chunkSize: Int) throws -> (bytes: Data, writes: [Int], gaps: Int) {
        let collected = EncodedStateBytes()
        let collecting = EncodedStateSink.collecting(into: collected)
        var writes: [Int] = []
        var gaps = 0
        var filled = Set<Int>()
        let sink = EncodedStateSink(
            write: { bytes in
                writes.append(bytes.count)
                try collecting.write(bytes)
            },
            gap: {
                gaps += 1
                try collecting.gap()
            },
            fill: { number, bytes in
                XCTAssertTrue(number < gaps && filled.insert(number).inserted, "gap \(number) filled once, after it was left")
                XCTAssertTrue((number + 1..<gaps).allSatisfy(filled.contains), "gap \(number) filled after the gaps left after it")
                XCTAssertTrue((1...10).contains(bytes.count), "a gap holds a LEB128 length")
                try collecting.fill(number, bytes)
            }
        )
        let size = try BinaryEncoder().encode(value, inChunksOf: chunkSize, to: sink)
        XCTAssertEqual(filled.count, gaps, "every gap is filled")
        XCTAssertEqual(size, collected.bytes.count)
        return (collected.bytes, writes, gaps)
    }

    func test_chunks_joinIntoTheWholeEncoding_forEveryChunkSize() throws {
        for count in [0, 1, 40, 400] {
            let value = catalog(count)
            let whole = try BinaryEncoder().encode(value)
            for chunkSize in [1, 2, 7, 64, 1_000, 10_000, 1 << 20] {
                let (bytes, _, _) = try encodeInChunks(value, chunkSize)
                assertSameBytes([UInt8](bytes), whole, "\(count) entries, chunks of \(chunkSize)")
            }
        }
    }

    func test_noChunk_isMuchLargerThanTheChunkSize() throws {
        let value = catalog(2_000)
        let whole = try BinaryEncoder().encode(value)
        let (_, writes, _) = try encodeInChunks(value, 4_096)
        XCTAssertGreaterThan(writes.count, whole.count / 8_192, "the encoding is handed on as it is written")
        XCTAssertLessThan(writes.max() ?? 0, 3 * 4_096 + 2_000, "at most a chunk and the last entry's region")
    }

    /// Only regions longer than about half a chunk leave gaps: a few for the whole catalog, none
    /// when the chunk holds the whole encoding.
    func test_onlyLongRegions_becomeGaps() throws {
        let value = catalog(2_000)
        let whole = try BinaryEncoder().encode(value)
        let (bytes, _, gaps) = try encodeInChunks(value, 4_096)
        assertSameBytes([UInt8](bytes), whole, "chunks of 4 096")
        XCTAssertTrue((1...6).contains(gaps), "\(gaps) gaps: the catalog, its entries and its history")
        XCTAssertEqual(try encodeInChunks(value, whole.count * 2).gaps, 0)
    }

    func test_anErrorOfTheSink_isThrown() {
        struct Full: Error {}
        let failing = [
            EncodedStateSink(write: { _ in throw Full() }, gap: {}, fill: { _, _ in }),
            EncodedStateSink(write: { _ in }, gap: { throw Full() }, fill: { _, _ in }),
            EncodedStateSink(write: { _ in }, gap: {}, fill: { _, _ in throw Full() }),
        ]
        for sink in failing {
            XCTAssertThrowsError(try BinaryEncoder().encode(catalog(100), inChunksOf: 64, to: sink)) { error in
                XCTAssertTrue(error is Full, "\(error)")
            }
        }
    }
}
