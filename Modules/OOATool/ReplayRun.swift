import CommandLineSupport
import EventLog
import OOAService
import PlatformKit

/// A trace fed through a new OOA service in memory: every decision with the virtual time it was
/// made at, and the totals. Made whole before anything is printed or logged, so that a refusal
/// leaves neither a partial timeline nor a partial log.
struct ReplayRun {
    /// Decisions made together: on one change, or at the end of the drain.
    struct Step {
        /// The virtual clock then: the latest change's time so far, or the drain's end.
        var time: Instant
        var decisions: [OOADecision]
    }

    let steps: [Step]
    let counters: OOACounters
    /// The trips the trace names, sorted.
    let trips: [String]

    /// Feeds `changes` in order, then releases what falls due within `drain` seconds of the last;
    /// throws if that release would be past year 9999, where no log records an event.
    init(_ changes: [TripStateChange], drain: Int) throws {
        var service = OOAService()
        var steps: [Step] = []
        var now = Instant.epoch
        for change in changes {
            now = max(now, change.time)
            steps.append(Step(time: now, decisions: service.receive(change)))
        }
        let end = (changes.last?.time ?? .epoch).advanced(bySeconds: drain)
        let released = service.tick(now: end)
        if let late = released.first, !Instant.fourDigitYears.contains(end) {
            throw ToolError("--drain \(drain) ends at \(end), past year 9999, with trip \(late.tripID)'s decisions still to release; use a shorter drain")
        }
        steps.append(Step(time: max(now, end), decisions: released))
        self.steps = steps.filter { !$0.decisions.isEmpty }
        counters = service.counters
        trips = Set(changes.map(\.tripID)).sorted()
    }

    /// The decisions as the log's events, each recorded at its step's time.
    func events() throws -> EventBatch {
        var batch = EventBatch()
        for step in steps {
            for decision in step.decisions { try batch.append(decision.event, stream: decision.streamID, at: step.time) }
        }
        return batch
    }
}
