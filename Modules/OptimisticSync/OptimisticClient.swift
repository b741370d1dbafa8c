import EventLog
import PlatformKit

/// The sync engine of one client, in virtual time: pure and synchronous.
///
/// Every change is an event applied to `state` (the projection of the client's stream) and queued
/// in the outbox for the caller to append to the shared log, so rebuilding from the log after a
/// kill (`restore` + `resume`) gives back exactly this state.
///
/// ```swift
/// var client = OptimisticClient<TripSync>(clientID: "driver-7", random: seed.fork("driver-7"))
/// let begin = try client.submit("trip.begin", [Parameter("trip", "trip-3")], at: now)
/// for request in client.due(at: now) { /* send; later: */ client.receive(response, for: request.id, at: then) }
/// try log.record(client.takeOutbox().typedEvents)
/// ```
public struct OptimisticClient<Domain: OptimisticDomain>: Sendable {
    public let clientID: String
    public var configuration: SyncConfiguration
    /// The projection of this client's events.
    public private(set) var state = OptimisticClientState<Domain>()
    private let random: RandomSource
    private var outbox: SyncOutbox<Domain>

    /// A fresh client; `random` draws the retry jitter.
    public init(clientID: String, configuration: SyncConfiguration = SyncConfiguration(), random: RandomSource) {
        self.clientID = clientID
        self.configuration = configuration
        self.random = random
        self.outbox = SyncOutbox(streamID: Self.streamID(clientID))
    }

    /// The log stream of `clientID`: `<namespace>/<client>`.
    public static func streamID(_ clientID: String) -> String { "\(Domain.namespace)/\(clientID)" }

    /// What the user sees.
    public var optimisticState: Domain.State { state.optimistic }
    /// What the server has confirmed.
    public var confirmedState: Domain.State { state.confirmed.state }
    /// The id the next submitted request will get (for temporary ids of objects it creates).
    public var nextRequestID: String { "r\(state.nextRequestNumber)" }

    /// Whether the outbox holds nothing (every output comes with an event): a caller polling after
    /// every step need not take an empty outbox.
    public var isOutboxEmpty: Bool { outbox.isEmpty }

    /// Returns what was produced since the last call, and empties the outbox.
    public mutating func takeOutbox() -> SyncOutbox<Domain> {
        defer { outbox = SyncOutbox(streamID: outbox.streamID) }
        return outbox
    }

    // MARK: - User actions

    /// Submits a request: its transform shows at once; it is sent when its dependencies are confirmed.
    @discardableResult
    public mutating func submit(_ kind: String, _ parameters: [Parameter] = [], dependsOn: [String] = [], at instant: Instant) throws(OptimisticError) -> OptimisticRequest {
        guard Domain.transforms.knows(kind) else { throw OptimisticError(description: "unknown request kind '\(kind)'") }
        let id = nextRequestID
        let waitingOn = dependsOn.filter { state.isPending($0) }
        let request = OptimisticRequest(id: id, kind: kind, idempotencyKey: "\(clientID)/\(id)", parameters: parameters, dependsOn: waitingOn, submittedAt: instant)
        emit(RequestSubmitted<Domain>(request: request))
        return request
    }

    /// Cancels a request that was never sent, with the requests depending on it.
    public mutating func cancel(_ id: String, at instant: Instant) throws(OptimisticError) {
        guard let entry = state.pendingRequest(id) else { throw OptimisticError(description: "no pending request '\(id)'") }
        guard entry.attempts == 0 else { throw OptimisticError(description: "request '\(id)' was already sent") }
        emit(RequestsRolledBack<Domain>(id: id, rolledBack: withDependents(id), cause: .cancelled, at: instant))
    }

    // MARK: - Delivery

    /// Fails dependents that waited too long, then marks as sent and returns, in queue order, every
    /// request due at `now`: not in flight, past its backoff, with all its dependencies confirmed.
    public mutating func due(at now: Instant) -> [OptimisticRequest] {
        guard !state.pending.isEmpty else { return [] }
        failOverdueDependents(at: now)
        var sending: [OptimisticRequest] = []
        // By index: iterating `state.pending` would hold the queue, and each `RequestSent` folded
        // would copy it to mark its request in flight (sending changes no other entry).
        for index in state.pending.indices {
            let entry = state.pending[index]
            guard isSendable(entry, at: now) else { continue }
            emit(RequestSent<Domain>(id: entry.request.id, attempt: entry.attempts + 1, at: now))
            sending.append(entry.request)
        }
        return sending
    }

    /// `due(at:)` for a caller that knows whether the network is up: offline, every due request
    /// fails at once (a retry is scheduled with backoff) and nothing is returned to send.
    public mutating func tick(at now: Instant, isOnline: Bool) -> [OptimisticRequest] {
        let sending = due(at: now)
        guard !isOnline else { return sending }
        for request in sending { deliveryFailed(request.id, reason: "offline", at: now) }
        return []
    }

    /// The earliest instant at which `due(at:)` has something to do (a retry or a dependency deadline).
    public var nextWakeUp: Instant? {
        var earliest: Instant?
        for entry in state.pending where !entry.inFlight {
            let instant = waitsOnDependencies(entry) ? deadline(entry) : (entry.retryAt ?? entry.request.submittedAt)
            earliest = min(earliest ?? instant, instant)
        }
        return earliest
    }

    /// Handles the server's response to request `id`.
    public mutating func receive(_ response: SyncResponse<Domain.State>, for id: String, at instant: Instant) {
        let isPending = state.isPending(id)
        switch response {
        case .accepted(let snapshot, let assignedIDs):
            if isPending {
                let snapshot = keepingKeys(of: { $0.request.id != id }, snapshot)
                emit(RequestConfirmed<Domain>(id: id, at: instant, snapshot: snapshot, assignedIDs: assignedIDs))
            } else {
                receivePush(snapshot, at: instant)
            }
        case .rejected(let reason, let snapshot):
            receivePush(snapshot, at: instant)
            if isPending { rollBack(id, cause: .rejected, message: reason, at: instant) }
        case .unavailable(let reason):
            if isPending { deliveryFailed(id, reason: reason, at: instant) }
        case .malformed(let reason):
            if isPending { rollBack(id, cause: .poison, message: "The server cannot handle this request: \(reason)", at: instant) }
        }
    }

    /// The request got no answer (network down, lost): retry with backoff, or discard it by the poison rule.
    public mutating func deliveryFailed(_ id: String, reason: String, at instant: Instant) {
        guard let entry = state.pendingRequest(id) else { return }
        if entry.attempts >= configuration.maximumAttempts {
            rollBack(id, cause: .poison, message: "Gave up after \(entry.attempts) attempts: \(reason)", at: instant)
        } else {
            let delay = configuration.backoff.delay(attempt: max(1, entry.attempts), random: random)
            emit(DeliveryFailed<Domain>(id: id, reason: reason, retryAt: instant.advanced(by: delay)))
        }
    }

    /// Server state that arrived on its own: rebased under the pending transforms; a stale version
    /// that confirms nothing new is ignored.
    public mutating func receivePush(_ snapshot: ServerSnapshot<Domain.State>, at instant: Instant) {
        let snapshot = keepingKeys(of: { _ in true }, snapshot)
        guard snapshot.version > state.confirmed.version || !snapshot.applied.isEmpty else { return }
        emit(StatePushed<Domain>(at: instant, snapshot: snapshot))
    }

    /// `snapshot` with only the applied keys of the pending requests `isKept` selects: the
    /// requests the event confirms by key. The other keys change nothing when the event is folded
    /// (``OptimisticClientState/apply(_:)`` only looks keys of pending requests up, and the
    /// confirmed state drops them), so the log does not carry them: most answers list a server's
    /// recent keys, and most leave no other request pending, so no key is even read.
    private func keepingKeys(of isKept: (PendingRequest) -> Bool, _ snapshot: ServerSnapshot<Domain.State>) -> ServerSnapshot<Domain.State> {
        guard !snapshot.applied.isEmpty else { return snapshot }
        var kept = snapshot
        kept.applied = state.pending.compactMap { entry in
            isKept(entry) && snapshot.applied.contains(entry.request.idempotencyKey) ? entry.request.idempotencyKey : nil
        }
        return kept
    }

    // MARK: - Restarts

    /// Rebuilds the client from its stream in `log` (up to sequence `upTo`): the state it had when it died.
    public static func restore(
        clientID: String, from log: some EventLogReader, upTo: Int64? = nil,
        configuration: SyncConfiguration = SyncConfiguration(), random: RandomSource
    ) throws -> OptimisticClient {
        var client = OptimisticClient(clientID: clientID, configuration: configuration, random: random)
        client.state = try OptimisticClientState<Domain>.replay(clientID: clientID, from: log, upTo: upTo)
        return client
    }

    /// Rebuilds the client from `state`, its stream already folded (e.g. by `OptimisticProjection`,
    /// kept current from the log): the same client as `restore(clientID:from:)` without reading the stream.
    public static func restore(
        clientID: String, state: OptimisticClientState<Domain>, configuration: SyncConfiguration = SyncConfiguration(), random: RandomSource
    ) -> OptimisticClient {
        var client = OptimisticClient(clientID: clientID, configuration: configuration, random: random)
        client.state = state
        return client
    }

    /// Starts again after `restore`: requests that were in flight when the app died are sent again.
    public mutating func resume(at instant: Instant) {
        emit(ClientRestarted<Domain>(at: instant))
    }

    // MARK: - Private

    private mutating func emit(_ event: any Event) {
        // Confirmations are gathered as the fold takes requests off the queue: holding the queue
        // from before the event to compare would have the fold copy it to change it.
        var confirmations: [Confirmation] = []
        state.apply(event) { entry, instant in
            let request = entry.request
            confirmations.append(Confirmation(
                requestID: request.id, kind: request.kind, submittedAt: request.submittedAt,
                confirmedAt: instant, wasOptimistic: Domain.transforms.isOptimistic(request.kind)
            ))
        }
        outbox.events.append(event)
        if OptimisticClientState<Domain>.publishes(event) { outbox.published.append(state.optimistic) }
        if !confirmations.isEmpty { outbox.confirmations += confirmations }
        if let raised = event.exactly(AlertRaised<Domain>.self) { outbox.alerts.append(raised.alert) }
    }

    /// Rolls `id` back with its dependents and raises an alert with the state the user saw before it.
    private mutating func rollBack(_ id: String, cause: RollbackCause, message: String, at instant: Instant) {
        guard let index = state.pending.firstIndex(where: { $0.request.id == id }) else { return }
        let request = state.pending[index].request
        let stateBefore = state.state(applyingFirst: index)
        let rolledBack = withDependents(id)
        emit(RequestsRolledBack<Domain>(id: id, rolledBack: rolledBack, cause: cause, at: instant))
        let alert = OptimisticAlert(
            message: message, request: request, alsoRolledBack: rolledBack.filter { $0 != id },
            cause: cause, stateBefore: stateBefore, at: instant
        )
        emit(AlertRaised<Domain>(alert: alert))
    }

    /// `id` and every pending request depending on it, directly or not, in queue order.
    private func withDependents(_ id: String) -> [String] {
        var ids = [id]
        for entry in state.pending where entry.request.dependsOn.contains(where: ids.contains) {
            ids.append(entry.request.id)
        }
        return state.pending.map(\.request.id).filter(ids.contains)
    }

    private mutating func failOverdueDependents(at now: Instant) {
        while let overdue = firstOverdueDependent(at: now) {
            rollBack(overdue.request.id, cause: .timedOut, message: "Network error: \(overdue.request.kind) could not be completed. Check your connection.", at: now)
        }
    }

    /// Looked up without mutating (a closure over a `mutating` method's `self` copies the client).
    private func firstOverdueDependent(at now: Instant) -> PendingRequest? {
        state.pending.withUnsafeBufferPointer { pending in
            pending.indices.first { waitsOnDependencies(pending[$0]) && deadline(pending[$0]) <= now }.map { pending[$0] }
        }
    }

    private func isSendable(_ entry: PendingRequest, at now: Instant) -> Bool {
        !entry.inFlight && (entry.retryAt.map { $0 <= now } ?? true) && !waitsOnDependencies(entry)
    }

    private func waitsOnDependencies(_ entry: PendingRequest) -> Bool {
        entry.request.dependsOn.contains { state.isPending($0) }
    }

    private func deadline(_ entry: PendingRequest) -> Instant {
        entry.request.submittedAt.advanced(by: configuration.dependencyTimeout)
    }
}
