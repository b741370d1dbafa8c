import EventLog
import EventLogSQLite
import EventLogTestSupport
import LedgerDemo
import PlatformKit
import XCTest

/// The writer keeps a bounded number of stream heads; streams it dropped are looked up in the
/// file. A log with a tiny stream cache must behave exactly as one that keeps every head.
final class StreamCacheTests: XCTestCase {
    func test_tinyStreamCache_satisfiesTheContract() throws {
        let directory = TemporaryDirectory()
        var count = 0
        try EventLogContract { clock in
            count += 1
            return try makeLog(directory.path("cache-\(count).sqlite"), clock: clock, runLength: 2, cachedStreams: 1)
        }.runAll()
    }

    /// Random batches over many streams, with expected positions right and wrong, appended to a
    /// log that keeps every head and to one that keeps three: the same results, errors and chain,
    /// also after reopening the small one (which then loads only its unindexed tail's heads).
    func test_tinyStreamCache_appendsExactlyAsAFullOne() throws {
        let directory = TemporaryDirectory()
        let full = try makeLog(directory.path("full.sqlite"), runLength: 5)
        var small = try makeLog(directory.path("small.sqlite"), runLength: 5, cachedStreams: 3)
        var random = SeededGenerator(seed: 41)
        var versions: [String: Int64] = [:]
        for round in 0..<300 {
            if round == 150 {
                small = try makeLog(directory.path("small.sqlite"), runLength: 5, cachedStreams: 3)
            }
            let batch = try (0..<Int.random(in: 1...6, using: &random)).map { _ in
                let stream = "stream-\(Int.random(in: 0..<40, using: &random))"
                let expected: Int64? = switch Int.random(in: 0..<4, using: &random) {
                case 0: (versions[stream] ?? 0) + 1
                case 1: Int64.random(in: 1...9, using: &random)
                default: nil
                }
                return try Deposited(account: stream, amount: 1, memo: "\(round)").newEvent(stream: stream, expectedPosition: expected)
            }
            let expected = Result { try full.append(batch) }
            let actual = Result { try small.append(batch) }
            switch (expected, actual) {
            case (.success(let expected), .success(let actual)):
                XCTAssertEqual(actual, expected, "round \(round)")
                for event in expected { versions[event.streamID] = event.position }
            case (.failure(let expected), .failure(let actual)):
                XCTAssertEqual("\(actual)", "\(expected)", "round \(round)")
            default:
                XCTFail("round \(round): \(expected) vs \(actual)")
            }
        }
        XCTAssertEqual(try small.headHash(), try full.headHash())
        XCTAssertTrue(try small.verify().isValid)
        for stream in versions.keys {
            XCTAssertEqual(try small.streamVersion(of: stream), try full.streamVersion(of: stream), stream)
        }
    }
}
