@testable import EventLogSQLite
import PlatformKit
import XCTest

/// The writer's stream heads: found by name, moved by number, removed and brought back.
final class StreamHeadsTests: XCTestCase {
    /// Against a dictionary, through growth, removals and names inserted again after removal:
    /// every name maps to the same head, and numbers stay where they were given.
    func test_agreesWithADictionary_andNumbersStayPut() {
        var heads = StreamHeads()
        var expected: [String: StreamHeads.Head] = [:]
        var numbers: [String: Int32] = [:]
        var random = SeededGenerator(seed: 26)
        for step in 0..<20_000 {
            let name = "stream-\(Int.random(in: 0..<3_000, using: &random))"
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                XCTAssertEqual(heads.remove(StreamHeads.Name(name))?.id, expected.removeValue(forKey: name)?.id, "step \(step)")
                numbers[name] = nil
            case 1 where expected[name] == nil:
                numbers[name] = heads.insert(name, StreamHeads.Head(id: Int64(step), version: 1))
                expected[name] = StreamHeads.Head(id: Int64(step), version: 1)
            default:
                guard let number = heads.number(of: name) else {
                    XCTAssertNil(expected[name], "step \(step)")
                    continue
                }
                XCTAssertEqual(number, numbers[name], "step \(step)")
                heads.setVersion(Int64(step), at: number)
                expected[name]?.version = Int64(step)
            }
            XCTAssertEqual(heads.count, expected.count)
        }
        var seen: [String: StreamHeads.Head] = [:]
        heads.forEach { name, head in seen[name] = head }
        XCTAssertEqual(seen.mapValues(\.id), expected.mapValues(\.id))
        XCTAssertEqual(seen.mapValues(\.version), expected.mapValues(\.version))
        for (name, head) in expected { XCTAssertEqual(heads[name]?.version, head.version) }
    }

    /// Looked up a batch at a time, every name gets the number it gets alone: through removed
    /// heads (their buckets stay), names inserted again, names never inserted and repeated names.
    func test_numbersOfABatch_areTheNumbersOfEachName() {
        var heads = StreamHeads()
        var random = SeededGenerator(seed: 39)
        for step in 0..<6_000 {
            let name = StreamHeads.Name("stream-\(Int.random(in: 0..<2_000, using: &random))")
            if heads.number(of: name) == nil {
                heads.insert(name, StreamHeads.Head(id: Int64(step), version: 1))
            } else if Bool.random(using: &random) {
                _ = heads.remove(name)
            }
        }
        let names = (0..<4_096).map { _ in StreamHeads.Name("stream-\(Int.random(in: 0..<2_500, using: &random))") }
        let numbers = names.withUnsafeBufferPointer { heads.numbers(of: $0) }
        let alone = names.map { heads.number(of: $0) ?? -1 }
        XCTAssertTrue(numbers == alone, "first difference: \(String(describing: zip(numbers, alone).enumerated().first { $1.0 != $1.1 }))")
        XCTAssertTrue(numbers.contains(-1))
        XCTAssertGreaterThan(Set(numbers).count, 1_000)
    }

    /// Two names with the same 32-bit hash: each batch look-up confirms the name, not the hash.
    func test_numbersOfABatch_confirmTheName_whenHashesCollide() throws {
        var seen: [UInt32: String] = [:]
        var pair: (String, String)?
        var index = 0
        while pair == nil {
            let name = "collide-\(index)"
            let hash = IDIndex.hash(name)
            if let other = seen[hash] { pair = (other, name) }
            seen[hash] = name
            index += 1
        }
        let (first, second) = try XCTUnwrap(pair)
        var heads = StreamHeads()
        heads.insert(first, StreamHeads.Head(id: 1, version: 1))
        heads.insert(second, StreamHeads.Head(id: 2, version: 1))
        let names = [second, first, "absent", second].map(StreamHeads.Name.init)
        XCTAssertEqual(names.withUnsafeBufferPointer { heads.numbers(of: $0) }, [1, 0, -1, 1])
    }

    /// A head removed and inserted again is found, not removed.
    func test_aHeadRemovedAndInsertedAgain_isFound() {
        var heads = StreamHeads()
        heads.insert("a", StreamHeads.Head(id: 1, version: 3))
        let removed = heads.remove(StreamHeads.Name("a"))
        XCTAssertEqual(removed?.version, 3)
        XCTAssertNil(heads["a"])
        XCTAssertTrue(heads.isEmpty)
        heads.insert("a", removed!)
        XCTAssertEqual(heads["a"]?.version, 3)
        XCTAssertEqual(heads.count, 1)
    }
}
