import EventLog
import PlatformKit

/// The service writing every decision to a caller-provided log (the shared one in simulations).
public struct OOALogSession {
    public private(set) var service: OOAService
    private let log: any EventLogWriter
    /// The last call's decisions, and its events while they are appended: kept, so that a
    /// session appending millions of times does not allocate two arrays a call.
    private var decisions: [OOADecision] = []
    private var events: [TypedEvent] = []

    public init(service: OOAService = OOAService(), log: any EventLogWriter) {
        self.service = service
        self.log = log
    }

    /// Decides what `change` leads to and appends the decisions, in one batch.
    @discardableResult
    public mutating func receive(_ change: TripStateChange) throws -> [OOADecision] {
        decisions.removeAll(keepingCapacity: true)
        service.receive(change, into: &decisions)
        try appendDecisions()
        return decisions
    }

    /// Releases what is due by `now` and appends the decisions.
    @discardableResult
    public mutating func tick(now: Instant) throws -> [OOADecision] {
        decisions.removeAll(keepingCapacity: true)
        service.tick(now: now, into: &decisions)
        try appendDecisions()
        return decisions
    }

    private mutating func appendDecisions() throws {
        guard !decisions.isEmpty else { return }
        defer { events.removeAll(keepingCapacity: true) }
        for decision in decisions { events.append(decision.typedEvent) }
        try log.record(events)
    }
}
