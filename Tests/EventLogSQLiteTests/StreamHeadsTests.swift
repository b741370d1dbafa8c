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
