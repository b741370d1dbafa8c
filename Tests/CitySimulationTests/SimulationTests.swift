import CitySimulation
import EventLog
import PlatformKit
import Synchronization
import XCTest

final class SimulationTests: XCTestCase {
    private let small = SimulationOptions(riders: 300, drivers: 60, hours: 2, seed: 7, snapshotEvery: 2_000, batchSize: 256)

    /// Runs `options` into a fresh in-memory log.
    private func run(_ options: SimulationOptions) throws -> (InMemoryEventLog, SimulationSummary) {
        let clock = VirtualClock()
        let log = InMemoryEventLog(clock: .virtual(clock))
        let summary = try SimulationRun.run(options, log: log, clock: clock)
        return (log, summary)
    }

    private func fingerprint(_ log: InMemoryEventLog) throws -> [String] {
        try log.events().map { "\($0.sequence) \($0.streamID) \($0.type) \($0.recordedAt) \($0.payload.hashValue)" }
    }

    func test_sameSeed_writesTheSameLogEventForEvent() throws {
        let (first, summary) = try run(small)
        let (second, again) = try run(small)
        XCTAssertEqual(try fingerprint(first), try fingerprint(second))
        XCTAssertEqual(summary, again)
        XCTAssertGreaterThan(summary.tripsCompleted, 0)
        XCTAssertTrue(summary.finished)
    }

    func test_differentSeed_givesADifferentRun() throws {
        var other = small
        other.seed = 8
        let (first, _) = try run(small)
        let (second, _) = try run(other)
        XCTAssertNotEqual(try fingerprint(first), try fingerprint(second))
    }

    func test_replay_fromSnapshotsAndFromStart_reproducesTheSummary() throws {
        let (log, summary) = try run(small)
        XCTAssertFalse(try log.allSnapshots().isEmpty)
        XCTAssertEqual(try SimulationRun.replay(log), summary)
        XCTAssertEqual(try SimulationRun.replay(log, fromStart: true), summary)
    }

    func test_replay_atASequence_equalsTheRunCutThere() throws {
        let (log, _) = try run(small)
        let middle = try log.lastSequence() / 2
        XCTAssertEqual(try SimulationRun.replay(log, upTo: middle), try SimulationRun.replay(log, upTo: middle, fromStart: true))
        XCTAssertLessThan(try SimulationRun.replay(log, upTo: middle).tripsCompleted, try SimulationRun.replay(log).tripsCompleted)
    }

    func test_resume_fromAKilledRunsPrefix_reachesTheSameLog() throws {
        let (full, summary) = try run(small)
        let events = try full.events()
        for batches in [1, 5, events.count / small.batchSize - 1] {
            // The killed run's log: its first batches, recorded at their original times.
            let clock = VirtualClock()
            let copying = Mutex<Instant?>(nil)
            let partial = InMemoryEventLog(clock: Clock { copying.withLock { $0 } ?? clock.now })
            for chunk in stride(from: 0, to: batches * small.batchSize, by: small.batchSize) {
                let batch = events[chunk..<chunk + small.batchSize]
                copying.withLock { $0 = batch.first?.recordedAt }
                try partial.append(batch.map { NewEvent(streamID: $0.streamID, type: $0.type, schemaVersion: $0.schemaVersion, payload: $0.payload) })
            }
            copying.withLock { $0 = nil }
            let resumed = try SimulationRun.run(try XCTUnwrap(SimulationRun.storedOptions(in: partial)), log: partial, clock: clock)
            XCTAssertEqual(resumed, summary, "resumed after \(batches) batches")
            XCTAssertEqual(try fingerprint(partial), try fingerprint(full), "resumed after \(batches) batches")
        }
    }

    func test_resume_refusesALogOfAnotherRun() throws {
        let (log, _) = try run(small)
        var other = small
        other.seed = 99
        XCTAssertThrowsError(try SimulationRun.run(other, log: log, clock: VirtualClock()))
    }

    func test_invalidOptions_areRejectedWithTheirName() {
        var options = small
        options.riders = 0
        XCTAssertThrowsError(try options.validate()) { XCTAssertTrue("\($0)".contains("--riders")) }
    }
}
