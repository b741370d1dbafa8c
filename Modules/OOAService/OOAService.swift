import OutOfAppDSL
import PlatformKit

/// The OOA (out-of-app) service: decides, for every concurrent trip, what to push to its Live
/// Activity and Android notification, and when.
///
/// A pure, synchronous core driven in virtual time: ``receive(_:into:)`` takes one trip-state
/// change and appends its decisions; ``tick(now:into:)`` releases held pushes due by `now`.
/// Each `receive` first releases everything due by the change's time, so feeding changes in
/// time order gives the same decisions whatever the tick rate.
public struct OOAService: Sendable {
    public let policy: OOAPolicy
    public private(set) var counters = OOACounters()
    /// Changes held (debounced or coalesced): ``projectionState``'s `held`.
    var heldChanges = 0
    var trips = TripTable()
    var timers = TimerHeap()
    let significance: Significance
    let quietWindow: Int64
    let maxDelay: Int64
    let budgetInterval: Int64
    let budgetTolerance: Int64
    let lifetime: Int64
    let memoryAfterEnd: Int64

    public init(policy: OOAPolicy = .standard) {
        self.policy = policy
        significance = Significance(rules: policy.rules)
        quietWindow = policy.quietWindow.wholeMilliseconds
        maxDelay = policy.maxDelay.wholeMilliseconds
        budgetInterval = policy.budget.interval.wholeMilliseconds
        budgetTolerance = Int64(max(0, policy.budget.burst - 1)) * budgetInterval
        lifetime = policy.lifetime.wholeMilliseconds
        memoryAfterEnd = policy.memoryAfterEnd.wholeMilliseconds
    }

    /// Trips the service holds state for.
    public var trackedTrips: Int { trips.count }

    /// When the next held push or lifetime limit falls due, if any.
    public var nextDue: Instant? { timers.nextDue.map(Instant.init(millisecondsSinceEpoch:)) }

    /// A hint ahead of a change of `tripID`: starts loading the service's state of that trip
    /// into the CPU's caches, so that a `receive` soon after does not wait for main memory.
    /// Changes nothing.
    public func prefetch(tripID: String) {
        trips.prefetch(tripID)
    }

    /// Makes room for `trips` concurrent trips up front.
    public mutating func reserveCapacity(trips count: Int) {
        trips.reserveCapacity(count)
    }

    /// Decides what `change` leads to; appends the decisions (those falling due before it first).
    public mutating func receive(_ change: TripStateChange, into decisions: inout [OOADecision]) {
        let time = change.time.millisecondsSinceEpoch
        tick(now: change.time, into: &decisions)
        counters.changesIn += 1
        let observed = Observed(change)
        guard let slot = trips.slot(of: change.tripID) else {
            if change.phase.isFinal {
                drop(change.tripID, nil, at: time, .noActivity, into: &decisions)
            } else {
                start(change, observed, into: &decisions)
            }
            return
        }
        guard time >= trips[slot].lastChangeAt else {
            return drop(change.tripID, slot, at: time, .outOfOrder, into: &decisions)
        }
        trips[slot].lastChangeAt = time
        if trips[slot].flags.contains(.ended) {
            return drop(change.tripID, slot, at: time, .noActivity, into: &decisions)
        }
        if change.phase.isFinal {
            let reason: PushReason = change.phase == .completed ? .tripCompleted : .tripCanceled
            return end(slot, at: time, phase: change.phase, reason: reason, remember: memoryAfterEnd, into: &decisions)
        }
        let verdict = significance.evaluate(observed, against: trips[slot])
        if let verdict, verdict.priority == .high {
            dropHeld(slot, at: time, .superseded, into: &decisions)
            let push = deliver(slot, observed, kind: .update, reason: verdict.reason, priority: .high, at: time)
            return emit(slot, at: time, .pushed(push), into: &decisions)
        }
        hold(slot, observed, significant: verdict != nil, at: time, into: &decisions)
    }

    /// Decides what `change` leads to.
    public mutating func receive(_ change: TripStateChange) -> [OOADecision] {
        var decisions: [OOADecision] = []
        receive(change, into: &decisions)
        return decisions
    }

    /// Releases held pushes and lifetime limits due by `now`, in due order.
    public mutating func tick(now: Instant, into decisions: inout [OOADecision]) {
        while let entry = timers.pop(dueBy: now.millisecondsSinceEpoch) {
            guard trips[entry.slot].generation == entry.generation else { continue }
            switch entry.kind {
            case .release: release(entry.slot, due: entry.due, into: &decisions)
            case .lifetime: expire(entry.slot, at: entry.due, into: &decisions)
            case .forget: trips.remove(entry.slot)
            }
        }
    }

    /// Releases held pushes and lifetime limits due by `now`.
    public mutating func tick(now: Instant) -> [OOADecision] {
        var decisions: [OOADecision] = []
        tick(now: now, into: &decisions)
        return decisions
    }
}

// MARK: - Decisions

extension OOAService {
    private mutating func start(_ change: TripStateChange, _ observed: Observed, into decisions: inout [OOADecision]) {
        let time = change.time.millisecondsSinceEpoch
        let slot = trips.insert(change.tripID)
        trips[slot].lastChangeAt = time
        timers.push(.init(due: time + lifetime, slot: slot, generation: trips[slot].generation, kind: .lifetime))
        var push = deliver(slot, observed, kind: .start, reason: .tripStarted, priority: .high, at: time)
        push.riderID = change.riderID
        emit(slot, at: time, .pushed(push), into: &decisions)
    }

    /// Holds a low-priority state for the quiet window, merging it into one already held.
    private mutating func hold(_ slot: Int32, _ observed: Observed, significant: Bool, at time: Int64, into decisions: inout [OOADecision]) {
        let merging = trips[slot].flags.contains(.pending)
        guard merging || significant else {
            return drop(trips.id(of: slot), slot, at: time, .insignificant, into: &decisions)
        }
        if merging {
            trips[slot].coalesced &+= 1
            counters.coalesced += 1
        } else {
            // A timer left by an episode a high push cut short may fall later: schedule afresh.
            trips[slot].flags.remove(.scheduled)
            trips[slot].flags.insert(.pending)
            trips[slot].deadline = time + maxDelay
        }
        trips[slot].pendingPhase = observed.phase
        trips[slot].pendingETA = observed.eta
        trips[slot].pendingLatitude = observed.latitude
        trips[slot].pendingLongitude = observed.longitude
        let due = min(time + quietWindow, trips[slot].deadline)
        trips[slot].due = merging ? max(trips[slot].due, due) : due
        schedule(slot)
        let until = Instant(millisecondsSinceEpoch: trips[slot].due)
        emit(slot, at: time, merging ? .coalesced(until: until) : .debounced(until: until), into: &decisions)
    }

    /// A held state falls due: pushed if still significant and the budget allows.
    private mutating func release(_ slot: Int32, due: Int64, into decisions: inout [OOADecision]) {
        trips[slot].flags.remove(.scheduled)
        guard trips[slot].flags.contains(.pending) else { return }
        guard trips[slot].due <= due else { return schedule(slot) }
        let held = Observed(pendingOf: trips[slot])
        // The verdict is never high-priority: such a change is pushed at once, not held (see
        // `OOAPush.answersAChange`), and the delivered state has not changed since.
        guard let verdict = significance.evaluate(held, against: trips[slot]) else {
            return dropHeld(slot, at: due, .unchangedAtRelease, into: &decisions)
        }
        let allowedFrom = trips[slot].budgetTime - budgetTolerance
        guard allowedFrom <= due else {
            trips[slot].due = allowedFrom
            schedule(slot)
            guard !trips[slot].flags.contains(.throttled) else { return }
            trips[slot].flags.insert(.throttled)
            counters.throttled += 1
            return emit(slot, at: due, .throttled(until: Instant(millisecondsSinceEpoch: allowedFrom)), into: &decisions)
        }
        let push = deliver(slot, held, kind: .update, reason: verdict.reason, priority: verdict.priority, at: due)
        emit(slot, at: due, .pushed(push), into: &decisions)
    }

    private mutating func expire(_ slot: Int32, at time: Int64, into decisions: inout [OOADecision]) {
        guard !trips[slot].flags.contains(.ended) else { return }
        end(slot, at: time, phase: trips[slot].deliveredPhase, reason: .lifetimeLimit, remember: lifetime, into: &decisions)
    }

    /// Ends the activity: never held, never throttled; a held state is superseded by the end.
    /// The trip is remembered for `remember` so that late changes are dropped, then forgotten.
    private mutating func end(
        _ slot: Int32, at time: Int64, phase: TripPhase, reason: PushReason, remember: Int64, into decisions: inout [OOADecision]
    ) {
        dropHeld(slot, at: time, .superseded, into: &decisions)
        let observed = Observed(phase: phase, eta: 0, latitude: trips[slot].deliveredLatitude, longitude: trips[slot].deliveredLongitude)
        let push = deliver(slot, observed, kind: .end, reason: reason, priority: .high, at: time)
        counters.ended += 1
        trips[slot].flags = [.ended]
        timers.push(.init(due: time + remember, slot: slot, generation: trips[slot].generation, kind: .forget))
        emit(slot, at: time, .pushed(push), into: &decisions)
    }

    /// Records `observed` as delivered and spends the budget.
    private mutating func deliver(_ slot: Int32, _ observed: Observed, kind: PushKind, reason: PushReason, priority: PushPriority, at time: Int64) -> OOAPush {
        let coalesced = Int(trips[slot].coalesced)
        trips.updateDelivered(slot, observed, at: time, isStart: kind == .start)
        trips[slot].budgetTime = max(trips[slot].budgetTime, time) + budgetInterval
        trips[slot].version &+= 1
        trips[slot].coalesced = 0
        trips[slot].flags.subtract([.pending, .throttled])
        counters.pushesOut += 1
        let state = DeliveredState(phase: observed.phase, etaSeconds: Int(observed.eta), progressPerMille: Int(trips[slot].progress))
        return OOAPush(kind: kind, reason: reason, priority: priority, state: state, version: Int(trips[slot].version), coalesced: coalesced)
    }

    private mutating func schedule(_ slot: Int32) {
        guard !trips[slot].flags.contains(.scheduled) else { return }
        trips[slot].flags.insert(.scheduled)
        timers.push(.init(due: trips[slot].due, slot: slot, generation: trips[slot].generation, kind: .release))
    }

    /// Drops the state held for `slot`, if any, with the changes merged into it.
    private mutating func dropHeld(_ slot: Int32, at time: Int64, _ reason: DropReason, into decisions: inout [OOADecision]) {
        guard trips[slot].flags.contains(.pending) else { return }
        trips[slot].flags.subtract([.pending, .throttled])
        trips[slot].coalesced = 0
        drop(trips.id(of: slot), slot, at: time, reason, into: &decisions)
    }

    /// Drops a change of `tripID` (at `slot`, if the service holds the trip).
    private mutating func drop(_ tripID: String, _ slot: Int32?, at time: Int64, _ reason: DropReason, into decisions: inout [OOADecision]) {
        counters.dropped += 1
        if let slot { trips[slot].lastDecision = .dropped(reason) }
        decisions.append(OOADecision(tripID: tripID, time: Instant(millisecondsSinceEpoch: time), outcome: .dropped(reason)))
    }

    private mutating func emit(_ slot: Int32, at time: Int64, _ outcome: OOADecision.Outcome, into decisions: inout [OOADecision]) {
        trips[slot].lastDecision = OOAProjection.Decision(outcome)
        switch outcome {
        case .debounced, .coalesced: heldChanges += 1
        case .pushed, .throttled, .dropped: break
        }
        decisions.append(OOADecision(tripID: trips.id(of: slot), time: Instant(millisecondsSinceEpoch: time), outcome: outcome))
    }
}
