import EventLog
import PlatformKit

/// One request waiting for the server, with its delivery progress.
public struct PendingRequest: Codable, Sendable, Equatable {
    public var request: OptimisticRequest
    /// Deliveries started so far.
    public var attempts: Int
    /// Sent and not yet answered.
    public var inFlight: Bool
    /// Not to be sent before this instant (backoff), `nil` to send as soon as possible.
    public var retryAt: Instant?
}

/// Counters over a client's life, for the "time saved" summary.
public struct SyncStats: Codable, Sendable, Equatable {
    public var submitted = 0
    public var confirmed = 0
    /// Confirmed optimistic operations, and the time between the user seeing them and the server confirming them.
    public var optimisticConfirmed = 0
    public var timeSavedMilliseconds: Int64 = 0
    public var rolledBack = 0
    public var alerts = 0
    public var rebases = 0

    /// Mean time saved per confirmed optimistic operation.
    public var averageTimeSaved: Duration {
        optimisticConfirmed == 0 ? .zero : .milliseconds(timeSavedMilliseconds / Int64(optimisticConfirmed))
    }
}

/// A client's sync state: the projection of its events.
///
/// `optimistic` is always `confirmed.state` with every pending transform applied in order.
public struct OptimisticClientState<Domain: OptimisticDomain>: Codable, Sendable, Equatable {
    /// The newest server state received: its version and state. The keys it lists as applied
    /// confirm pending requests when it arrives and are not kept (``ServerSnapshot/withoutAppliedKeys``):
    /// they only matter on arrival, and states saved with them drop them when read.
    public var confirmed: ServerSnapshot<Domain.State>
    /// What the user sees.
    public var optimistic: Domain.State
    /// The queue, in submission order.
    public var pending: [PendingRequest] = []
    /// Numbers the next request id.
    public var nextRequestNumber = 1
    public var stats = SyncStats()
    /// The latest alert, if any: held out of line (rare, and larger than the rest of the state),
    /// so every client, in its app and in the projection, stays a few hundred bytes smaller.
    public var lastAlert: OptimisticAlert<Domain.State>? {
        get { alert.first }
        set { alert = newValue.map { [$0] } ?? [] }
    }
    private var alert: [OptimisticAlert<Domain.State>] = []

    public init() {
        confirmed = ServerSnapshot(version: 0, state: Domain.initialState)
        optimistic = Domain.initialState
    }

    private enum CodingKeys: String, CodingKey {
        case confirmed, optimistic, pending, nextRequestNumber, stats, lastAlert
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        confirmed = try container.decode(ServerSnapshot<Domain.State>.self, forKey: .confirmed).withoutAppliedKeys
        optimistic = try container.decode(Domain.State.self, forKey: .optimistic)
        pending = try container.decode([PendingRequest].self, forKey: .pending)
        nextRequestNumber = try container.decode(Int.self, forKey: .nextRequestNumber)
        stats = try container.decode(SyncStats.self, forKey: .stats)
        lastAlert = try container.decodeIfPresent(OptimisticAlert<Domain.State>.self, forKey: .lastAlert)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(confirmed, forKey: .confirmed)
        try container.encode(optimistic, forKey: .optimistic)
        try container.encode(pending, forKey: .pending)
        try container.encode(nextRequestNumber, forKey: .nextRequestNumber)
        try container.encode(stats, forKey: .stats)
        try container.encodeIfPresent(lastAlert, forKey: .lastAlert)
    }

    /// The pending request `id`, if queued.
    public func pendingRequest(_ id: String) -> PendingRequest? {
        pendingIndex(id).map { pending[$0] }
    }

    /// Whether request `id` is queued.
    public func isPending(_ id: String) -> Bool {
        pendingIndex(id) != nil
    }

    /// Where request `id` is in `pending`, read through the array's buffer: `first(where:)`
    /// copies each request it looks at, counting a reference to each of its strings.
    private func pendingIndex(_ id: String) -> Int? {
        pending.withUnsafeBufferPointer { pending in pending.indices.first { pending[$0].request.id == id } }
    }

    /// Whether `event` changes what the user sees (so the state is published after it).
    static func publishes(_ event: any Event) -> Bool {
        let kind = type(of: event)
        return kind == RequestSubmitted<Domain>.self || kind == RequestConfirmed<Domain>.self
            || kind == StatePushed<Domain>.self || kind == RequestsRolledBack<Domain>.self
    }

    /// Folds one event: the only way the state changes, live or in a replay.
    public mutating func apply(_ event: any Event) {
        apply(event) { _, _ in }
    }

    /// Folds one event, handing `report` each request it confirms (and so takes off the queue), in
    /// queue order, with the instant of the confirmation.
    mutating func apply(_ event: any Event, reportingConfirmed report: (PendingRequest, Instant) -> Void) {
        if let submitted = event.exactly(RequestSubmitted<Domain>.self) {
            pending.append(PendingRequest(request: submitted.request, attempts: 0, inFlight: false, retryAt: nil))
            Domain.transforms.apply(submitted.request, to: &optimistic)
            nextRequestNumber += 1
            stats.submitted += 1
        } else if let sent = event.exactly(RequestSent<Domain>.self) {
            update(sent.id) { $0.attempts = sent.attempt; $0.inFlight = true; $0.retryAt = nil }
        } else if let failed = event.exactly(DeliveryFailed<Domain>.self) {
            update(failed.id) { $0.inFlight = false; $0.retryAt = failed.retryAt }
        } else if let confirmation = event.exactly(RequestConfirmed<Domain>.self) {
            // The answered request and those the snapshot includes leave together, in queue order.
            let applied = confirmation.snapshot.applied
            confirmLeaving(at: confirmation.at, report) { $0.request.id == confirmation.id || applied.contains($0.request.idempotencyKey) }
            for index in pending.indices { pending[index].request.replaceTemporaryIDs(confirmation.assignedIDs) }
            rebase(on: confirmation.snapshot)
        } else if let push = event.exactly(StatePushed<Domain>.self) {
            stats.rebases += 1
            let applied = push.snapshot.applied
            if !applied.isEmpty { confirmLeaving(at: push.at, report) { applied.contains($0.request.idempotencyKey) } }
            rebase(on: push.snapshot)
        } else if let rollback = event.exactly(RequestsRolledBack<Domain>.self) {
            pending.removeAll { rollback.rolledBack.contains($0.request.id) }
            stats.rolledBack += rollback.rolledBack.count
            dropEmptyQueue()
            recomputeOptimistic()
        } else if let raised = event.exactly(AlertRaised<Domain>.self) {
            lastAlert = raised.alert
            stats.alerts += 1
        } else if type(of: event) == ClientRestarted<Domain>.self {
            for index in pending.indices where pending[index].inFlight {
                pending[index].inFlight = false
                pending[index].retryAt = nil
            }
        }
    }

    /// Takes `snapshot` as the base if it is newer (never backwards) and re-applies the pending
    /// requests on top (the caller has taken those it includes off the queue).
    private mutating func rebase(on snapshot: ServerSnapshot<Domain.State>) {
        if snapshot.version > confirmed.version { confirmed = snapshot.withoutAppliedKeys }
        dropEmptyQueue()
        recomputeOptimistic()
    }

    /// Lets an emptied queue's buffer go: checks of an idle client (`due`, `nextWakeUp`) then
    /// read the shared empty array, not a buffer that is cold in memory by the client's next step.
    private mutating func dropEmptyQueue() {
        if pending.isEmpty { pending = [] }
    }

    /// Takes the requests `isLeaving` selects off the queue, counting and reporting each as confirmed.
    /// The queue is changed in place: nothing else holds it while an event is folded.
    private mutating func confirmLeaving(at instant: Instant, _ report: (PendingRequest, Instant) -> Void, where isLeaving: (PendingRequest) -> Bool) {
        var index = 0
        while index < pending.count {
            guard isLeaving(pending[index]) else { index += 1; continue }
            let entry = pending.remove(at: index)
            confirm(entry, at: instant)
            report(entry, instant)
        }
    }

    /// Counts a confirmed request (the caller removes it from the queue).
    private mutating func confirm(_ entry: PendingRequest, at instant: Instant) {
        stats.confirmed += 1
        guard Domain.transforms.isOptimistic(entry.request.kind) else { return }
        stats.optimisticConfirmed += 1
        stats.timeSavedMilliseconds += max(0, entry.request.submittedAt.duration(to: instant).wholeMilliseconds)
    }

    /// `optimistic` = `confirmed.state` + every pending transform, in order.
    mutating func recomputeOptimistic() {
        optimistic = state(applyingFirst: pending.count)
    }

    /// The confirmed state with the first `count` pending transforms applied.
    func state(applyingFirst count: Int) -> Domain.State {
        var state = confirmed.state
        Domain.transforms.apply(pending.prefix(count), to: &state)
        return state
    }

    private mutating func update(_ id: String, _ change: (inout PendingRequest) -> Void) {
        if let index = pending.firstIndex(where: { $0.request.id == id }) { change(&pending[index]) }
    }
}
