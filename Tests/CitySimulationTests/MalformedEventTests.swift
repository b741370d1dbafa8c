@testable import CitySimulation
import EventLog
import EventLogTestSupport
import OnboardingHarness
import PlatformKit
import XCTest

/// A log's hash chain tells a damaged payload from the one appended, but a replay decodes
/// payloads as it reads them: every event type of a run, decoded from a malformed payload of a
/// real event, is refused with an error or decodes to an event the projections fold, and
/// nothing traps (a trap ends this test process).
final class MalformedEventTests: XCTestCase {
    func test_everyEventType_fromAMalformedPayload_throwsOrFolds() throws {
        let log = try smallRunLog(riders: 120, drivers: 20, hours: 1, seed: 5)
        // Up to 8 events of each type, spread over the run.
        var samples: [String: [RecordedEvent]] = [:]
        for event in try log.events() where samples[event.type, default: []].count < 8 && event.sequence % 7 == 0 {
            samples[event.type, default: []].append(event)
        }
        XCTAssertGreaterThan(samples.count, 30, "event types sampled")
        var registry = OnboardingEvents.registry  // the onboarding clients' events too, which no projection folds
        for projection in PlatformProjections.all { registry.merge(projection.events) }
        XCTAssertEqual(Set(samples.keys).subtracting(registry.typeNames), [], "types no module decodes")
        var random = SeededGenerator(seed: 5)
        var damaged: [String: [RecordedEvent]] = [:]
        for (type, events) in samples.sorted(by: { $0.key < $1.key }) {
            for event in events {
                XCTAssertNotNil(try registry.decode(event), "\(type) \(event.sequence)")
                // Cut short at 20 places, 60 with a byte changed, 20 with a run of 0xFF.
                for payload in damagedCopies(of: event.payload, cuts: 20, changedBytes: 60, overflows: 20, using: &random) {
                    var copy = event
                    copy.payload = payload
                    if (try? registry.decode(copy)) != nil { damaged[type, default: []].append(copy) }
                }
            }
        }
        // Damage inside a string or a number often still decodes: those events are folded.
        XCTAssertGreaterThan(damaged.values.reduce(0) { $0 + $1.count }, 1_000, "damaged payloads that decode")
        for projection in PlatformProjections.all {
            try fold(damaged, into: projection, log)
        }
    }

    /// Folds each event of `damaged` that `projection` decodes into its state at the end of `log`.
    private func fold<P: Projection>(_ damaged: [String: [RecordedEvent]], into projection: P, _ log: InMemoryEventLog) throws {
        let state = try projection.replay(log).state
        for (type, events) in damaged where projection.events.typeNames.contains(type) {
            for event in events {
                guard let decoded = try? projection.events.decode(event) else { continue }
                var folded = state
                projection.apply(decoded, envelope: event, to: &folded)
            }
        }
    }
}
