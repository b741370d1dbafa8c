import EventLog
import PlatformKit

/// The service writing every decision to a caller-provided log (the shared one in simulations).
public struct OOALogSession {
    public private(set) var service: OOAService
    private let log: any EventLogWriter

    public init(service: OOAService = OOAService(), log: any EventLogWriter) {
        self.service = service
        self.log = log
    }

    /// Decides what `change` leads to and appends the decisions, in one batch.
    @discardableResult
    public mutating func receive(_ change: TripStateChange) throws -> [OOADecision] {
        // Decide first, then append: `append(service.receive(...))` would hold a copy of `self`
        // across the mutation and copy the service's storage on every call.
        let decisions = service.receive(change)
        return try append(decisions)
    }

    /// Releases what is due by `now` and appends the decisions.
    @discardableResult
    public mutating func tick(now: Instant) throws -> [OOADecision] {
        let decisions = service.tick(now: now)
        return try append(decisions)
    }

    private func append(_ decisions: [OOADecision]) throws -> [OOADecision] {
        guard !decisions.isEmpty else { return decisions }
        try log.record(decisions.map(\.typedEvent))
        return decisions
    }
}
