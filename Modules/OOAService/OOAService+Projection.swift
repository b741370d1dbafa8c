import PlatformKit

extension OOAService {
    /// What ``OOAProjection`` folds from this service's decisions, read from the service's own
    /// state: a caller that appends every decision to its log (as ``OOALogSession`` does) can
    /// snapshot this instead of folding each decision a second time.
    public var projectionState: OOAProjection.State {
        var state = OOAProjection.State()
        state.pushes = counters.pushesOut
        state.held = heldChanges
        state.coalesced = counters.coalesced
        state.throttled = counters.throttled
        state.dropped = counters.dropped
        state.ended = counters.ended
        state.activities.reserveCapacity(trips.count)
        for (slot, id) in trips.ids.enumerated() where !id.isEmpty {
            let trip = trips.slots[slot]
            guard !trip.flags.contains(.ended), let decision = trip.lastDecision else { continue }
            state.activities[id] = OOAProjection.Activity(
                version: Int(trip.version), phase: trip.deliveredPhase, etaSeconds: Int(trip.deliveredETA), lastDecision: decision
            )
        }
        return state
    }
}

extension OOAProjection.Decision {
    /// The decision an outcome's event records.
    init(_ outcome: OOADecision.Outcome) {
        switch outcome {
        case .pushed(let push): self = .pushed(push.kind, push.reason)
        case .debounced(let until): self = .held(.debounced, until: until)
        case .coalesced(let until): self = .held(.coalesced, until: until)
        case .throttled(let until): self = .throttled(until: until)
        case .dropped(let reason): self = .dropped(reason)
        }
    }
}
