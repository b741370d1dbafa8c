@testable import EventLogSQLite
import PlatformKit
import XCTest

/// The index run's grouping is the comparison sort by (stream, sequence) it replaced, for events
/// in sequence order, whatever the stream ids' sizes (one pass, two, or the widest ids).
final class StreamOrderTests: XCTestCase {
    func test_grouping_isTheSortByStreamThenSequence() {
        var random = SeededGenerator(seed: 7)
        for largest in [Int64(1), 5_000, 8_191, 8_192, 40_000_000, Int64(UInt32.max)] {
            for count in [0, 1, 2, 1_000, 20_000] {
                var events = (0..<count).map { index in
                    UnindexedEvent(
                        stream: .random(in: 0...largest, using: &random), sequence: Int64(index + 1),
                        position: .random(in: 1...99, using: &random), after: 0
                    )!
                }
                let expected = events.sorted { ($0.stream, $0.sequence(after: 0)) < ($1.stream, $1.sequence(after: 0)) }
                StreamOrder.group(&events)
                XCTAssertTrue(
                    events == expected,
                    "\(count) events on streams up to \(largest)"
                )
            }
        }
    }

    /// An unindexed event takes 16 bytes: 32-bit stream ids and distances past the last run.
    func test_unindexedEvents_keepTheirSequence_andRefuseWhatTakesMoreThan32Bits() throws {
        let event = try XCTUnwrap(UnindexedEvent(stream: Int64(UInt32.max), sequence: 5_000_000_123, position: 1 << 40, after: 5_000_000_000))
        XCTAssertEqual(event.stream, UInt32.max)
        XCTAssertEqual(event.sequence(after: 5_000_000_000), 5_000_000_123)
        XCTAssertEqual(event.position, 1 << 40)
        XCTAssertEqual(MemoryLayout<UnindexedEvent>.stride, 16)
        XCTAssertNil(UnindexedEvent(stream: Int64(UInt32.max) + 1, sequence: 1, position: 1, after: 0))
        XCTAssertNil(UnindexedEvent(stream: 1, sequence: Int64(UInt32.max) + 1, position: 1, after: 0))
        var cache = WriterCache()
        XCTAssertThrowsError(try cache.addUnindexed(stream: 1 << 33, sequence: 1, position: 1))
        XCTAssertTrue(cache.unindexed.isEmpty)
    }
}
