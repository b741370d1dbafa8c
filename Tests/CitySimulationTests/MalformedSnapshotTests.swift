@testable import CitySimulation
import EventLog
import EventLogTestSupport
import Foundation
import PlatformKit
import XCTest

/// A snapshot's checksum guards it against damage, not against a file made by hand: every
/// module's state, decoded from a malformed encoding of a real one, is refused with an error or
/// decodes to some state the run's summary can be computed from (or refused by), and nothing
/// traps (a trap ends this test process).
final class MalformedSnapshotTests: XCTestCase {
    func test_everyModulesState_fromAMalformedEncoding_throwsOrDecodes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let assets = try SimulationAssets.load(fixtures: root.appendingPathComponent("fixtures").path)
        let clock = VirtualClock()
        let log = InMemoryEventLog(clock: .virtual(clock))
        let options = SimulationOptions(riders: 120, drivers: 20, hours: 1, seed: 5, snapshotEvery: 100_000, batchSize: 256)
        _ = try SimulationRun.run(options, log: log, clock: clock, assets: assets)
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
        for input in damagedEncodings(of: valid, using: &random) {
            guard let damaged = try? projection.decodeState(input) else { continue }
            var given = states
            given[projection.name] = damaged
            _ = try? SimulationRun.summary(log, replayed: given)
        }
    }

    /// Copies of `valid`, 1 500 with one byte set to a random value and 500 with a run of up to 8
    /// bytes set to 0xFF (lengths and counts that run past the end).
    private func damagedEncodings(of valid: [UInt8], using random: inout SeededGenerator) -> [[UInt8]] {
        var inputs: [[UInt8]] = []
        for _ in 0..<1_500 {
            var damaged = valid
            damaged[Int.random(in: 0..<valid.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            inputs.append(damaged)
        }
        for _ in 0..<500 {
            var damaged = valid
            let start = Int.random(in: 0..<valid.count, using: &random)
            for index in start..<min(valid.count, start + Int.random(in: 1...8, using: &random)) { damaged[index] = 0xFF }
            inputs.append(damaged)
        }
        return inputs
    }
}
