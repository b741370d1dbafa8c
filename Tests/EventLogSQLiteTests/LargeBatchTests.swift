import EventLog
import EventLogSQLite
import EventLogTestSupport
import PlatformKit
import XCTest

/// Large batches take the fast path (prepared on another thread, inserted 32 rows per
/// statement): they must store exactly what the in-memory log stores.
final class LargeBatchTests: XCTestCase {
    private func randomEvent(_ random: inout SeededGenerator) -> NewEvent {
        let size = [0, 1, 13, 200, 4_000].randomElement(using: &random)!
        return NewEvent(
            streamID: "s\(Int.random(in: 0..<300, using: &random))",
            type: "test.t\(Int.random(in: 0..<4, using: &random))",
            schemaVersion: Int.random(in: 1...3, using: &random),
            payload: (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) },
            correlationID: Bool.random(using: &random) ? "c\(Int.random(in: 0..<9, using: &random))" : nil,
            causationID: Bool.random(using: &random) ? "" : nil
        )
    }

    func test_largeBatches_storeWhatTheInMemoryLogStores() throws {
        let directory = TemporaryDirectory()
        let log = try makeLog(directory.path("log.sqlite"), runLength: 97)
        let reference = InMemoryEventLog(clock: .constant(.epoch))
        var random = SeededGenerator(seed: 11)
        // Sizes around the group of 32 and the threading threshold of 64.
        for size in [31, 32, 33, 63, 64, 65, 95, 96, 97, 1, 500, 2_049, 7] {
            let batch = (0..<size).map { _ in randomEvent(&random) }
            XCTAssertEqual(try log.append(batch), try reference.append(batch), "batch of \(size)")
        }
        let stored = try log.events()
        XCTAssertEqual(stored, try reference.events())
        XCTAssertEqual(stored.count, 3_133)
        let report = try log.verify()
        XCTAssertTrue(report.isValid, "\(String(describing: report.problem))")
    }

    func test_aConflictDeepInALargeBatch_writesNothing() throws {
        let directory = TemporaryDirectory()
        let log = try makeLog(directory.path("log.sqlite"))
        var random = SeededGenerator(seed: 5)
        var first = (0..<100).map { _ in randomEvent(&random) }
        first[0].streamID = "s1"
        first[1].streamID = "s1"
        try log.append(first)
        var batch = (0..<1_000).map { _ in randomEvent(&random) }
        batch[700].streamID = "s1"
        batch[700].expectedPosition = 1
        XCTAssertThrowsError(try log.append(batch)) { error in
            guard case .concurrencyConflict? = (error as? EventLogError)?.code else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try log.lastSequence(), 100)
        batch[700].expectedPosition = nil
        XCTAssertEqual(try log.append(batch).last?.sequence, 1_100)
        XCTAssertTrue(try log.verify().isValid)
    }

    func test_appendWithoutLandings_appendsAsAppendDoes() throws {
        let directory = TemporaryDirectory()
        let log = try makeLog(directory.path("log.sqlite"), runLength: 97, compression: PayloadCompression(trainingEvents: 500))
        let twin = try makeLog(directory.path("twin.sqlite"), runLength: 97, compression: PayloadCompression(trainingEvents: 500))
        var random = SeededGenerator(seed: 13)
        // Both paths: small batches prepared on the calling thread, large ones on the preparer's;
        // payloads compressed once the log holds 500 events.
        for size in [1, 63, 64, 65, 500, 2_049, 7] {
            let batch = (0..<size).map { _ in randomEvent(&random) }
            try log.appendWithoutLandings(EventBatch(batch))
            try twin.append(batch)
            XCTAssertEqual(try log.lastSequence(), try twin.lastSequence(), "batch of \(size)")
        }
        XCTAssertEqual(try log.events(), try twin.events())
        XCTAssertEqual(try log.headHash(), try twin.headHash())
        try log.appendWithoutLandings(EventBatch())

        let appended = try log.lastSequence()
        let keyed = NewEvent(streamID: "s1", type: "test.t0", payload: [], idempotencyKey: "k")
        XCTAssertThrowsError(try log.appendWithoutLandings(EventBatch([randomEvent(&random), keyed]))) { error in
            XCTAssertEqual((error as? EventLogError)?.code, .invalidInput, "\(error)")
        }
        var conflicting = (0..<200).map { _ in randomEvent(&random) }
        conflicting[150].expectedPosition = 1_000
        XCTAssertThrowsError(try log.appendWithoutLandings(EventBatch(conflicting)))
        XCTAssertEqual(try log.lastSequence(), appended)
        XCTAssertTrue(try log.verify().isValid)
    }

    /// A writer that numbers its events itself appends only where it left off: another
    /// writer's append in between (here another instance, as another process would) is refused.
    func test_appendWithoutLandings_afterAnExpectedLastEvent_refusesALogAnotherWriterMovedOn() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let log = try makeLog(path)
        let other = try makeLog(path)
        var random = SeededGenerator(seed: 17)
        try log.appendWithoutLandings(EventBatch((0..<300).map { _ in randomEvent(&random) }), expectedLastSequence: 0)
        try log.appendWithoutLandings(EventBatch((0..<10).map { _ in randomEvent(&random) }), expectedLastSequence: 300)
        try other.append((0..<5).map { _ in randomEvent(&random) })
        XCTAssertThrowsError(try log.appendWithoutLandings(EventBatch((0..<80).map { _ in randomEvent(&random) }), expectedLastSequence: 310)) { error in
            XCTAssertEqual((error as? EventLogError)?.code, .logEndConflict(expectedLastSequence: 310, actualLastSequence: 315))
            XCTAssertEqual("\(error)", "\(path): expected the log to end at sequence 310, but it ends at 315: another writer appended to it")
        }
        XCTAssertEqual(try log.lastSequence(), 315)
        try log.appendWithoutLandings(EventBatch((0..<80).map { _ in randomEvent(&random) }), expectedLastSequence: 315)
        XCTAssertEqual(try log.lastSequence(), 395)
        XCTAssertTrue(try log.verify().isValid)
    }
}
