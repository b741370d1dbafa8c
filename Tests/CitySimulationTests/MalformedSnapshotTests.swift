@testable import CitySimulation
import EventLog
import EventLogTestSupport
import PlatformKit
import XCTest

/// A snapshot's checksum guards it against damage, not against a file made by hand: every
/// module's state, decoded from a malformed encoding of a real one, is refused with an error or
/// decodes to some state the run's summary can be computed from (or refused by), and nothing
/// traps (a trap ends this test process).
final class MalformedSnapshotTests: XCTestCase {
    func test_everyModulesState_fromAMalformedEncoding_throwsOrDecodes() throws {
        let log = try smallRunLog(riders: 120, drivers: 20, hours: 1, seed: 5)
        var states: [String: any Sendable] = [:]
        func replay<P: Projection>(_ projection: P) throws { states[projection.name] = try projection.replay(log).state }
        for projection in PlatformProjections.all { try replay(projection) }
        for (index, projection) in PlatformProjections.all.enumerated() {
            try assertSurvivesMalformedEncodings(projection, log, states, seed: UInt64(index + 1))
        }
    }

    private func assertSurvivesMalformedEncodings<P: Projection>(
        _ projection: P, _ log: InMemoryEventLog, _ states: [String: any Sendable], seed: UInt64
    ) throws {
        let state = try XCTUnwrap(states[projection.name] as? P.State)
        let valid = try projection.encodeState(state)
        XCTAssertEqual(try projection.decodeState(valid), state, projection.name)
        var random = SeededGenerator(seed: seed)
        for _ in 0..<300 {
            let cut = Int.random(in: 0..<valid.count, using: &random)
            XCTAssertThrowsError(try projection.decodeState(Array(valid.prefix(cut))), "\(projection.name) cut at \(cut) of \(valid.count) bytes")
        }
        // 1 500 with a byte changed, 500 with a run of 0xFF.
        for input in damagedCopies(of: valid, cuts: 0, changedBytes: 1_500, overflows: 500, using: &random) {
            guard let damaged = try? projection.decodeState(input) else { continue }
            var given = states
            given[projection.name] = damaged
            _ = try? SimulationRun.summary(log, replayed: given)
        }
    }
}
