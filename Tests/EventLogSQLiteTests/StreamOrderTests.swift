@testable import EventLogSQLite
import PlatformKit
import XCTest

/// The index run's grouping is the comparison sort by (stream, sequence) it replaced, for events
/// in sequence order, whatever the stream ids' sizes (one pass, two, or the widest ids).
final class StreamOrderTests: XCTestCase {
    func test_grouping_isTheSortByStreamThenSequence() {
        var random = SeededGenerator(seed: 7)
        for largest in [Int64(1), 5_000, 8_191, 8_192, 40_000_000, .max] {
            for count in [0, 1, 2, 1_000, 20_000] {
                var events = (0..<count).map { index in
                    (stream: Int64.random(in: 0...largest, using: &random), sequence: Int64(index + 1), position: Int64.random(in: 1...99, using: &random))
                }
                let expected = events.sorted { ($0.stream, $0.sequence) < ($1.stream, $1.sequence) }
                StreamOrder.group(&events)
                XCTAssertTrue(
                    events.elementsEqual(expected) { $0 == $1 },
                    "\(count) events on streams up to \(largest)"
                )
            }
        }
    }
}
