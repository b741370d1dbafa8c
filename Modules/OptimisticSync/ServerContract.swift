/// The server's state as it sends it: a version that only grows, the state, and which requests it includes.
public struct ServerSnapshot<State: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// Orders snapshots: a client never moves its confirmed state to a lower version.
    public var version: Int64
    public var state: State
    /// Idempotency keys of this client's requests the state already includes (the recent ones).
    public var applied: [String]

    public init(version: Int64, state: State, applied: [String] = []) {
        self.version = version
        self.state = state
        self.applied = applied
    }

    /// The version and state, without the applied keys: what a client keeps once the keys have
    /// confirmed its pending requests, and what a server's log need not record when its fold
    /// derives them.
    public var withoutAppliedKeys: ServerSnapshot {
        applied.isEmpty ? self : ServerSnapshot(version: version, state: state)
    }
}

/// The server's answer to an `OptimisticRequest` (the wire contract, Codable).
public enum SyncResponse<State: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// Applied (now or, for a retry, earlier): the state including it, and ids for objects it created.
    case accepted(ServerSnapshot<State>, assignedIDs: [IDAssignment])
    /// Refused for good, with the reason to show; the client rolls the request back.
    case rejected(reason: String, snapshot: ServerSnapshot<State>)
    /// Not handled now (outage, overload): retry later with the same idempotency key.
    case unavailable(reason: String)
    /// The request can never be handled (unknown kind, malformed): poison, discarded without retry.
    case malformed(reason: String)
}

/// A request on the wire: which client sent it, and the request.
public struct SyncRequest: Codable, Sendable, Hashable {
    public var clientID: String
    public var request: OptimisticRequest

    public init(clientID: String, request: OptimisticRequest) {
        self.clientID = clientID
        self.request = request
    }
}
