import EventLog

extension OptimisticClientState {
    /// The state of `clientID` after the events of its stream up to sequence `upTo`.
    public static func replay(clientID: String, from log: some EventLogReader, upTo: Int64? = nil) throws -> OptimisticClientState {
        let registry = optimisticEvents(Domain.self)
        var state = OptimisticClientState()
        let query = EventQuery(to: upTo, stream: OptimisticClient<Domain>.streamID(clientID))
        try log.forEach(query) { recorded in
            if let event = try registry.decode(recorded) { state.apply(event) }
        }
        return state
    }
}

/// Every client's sync state in a log, keyed by client id (the stream after `<namespace>/`).
public struct OptimisticProjection<Domain: OptimisticDomain>: Projection {
    public typealias State = [String: OptimisticClientState<Domain>]

    public init() {}

    public var name: String { "\(Domain.namespace).clients" }
    public var version: Int { 1 }
    public var initialState: State { [:] }
    public var events: EventRegistry { optimisticEvents(Domain.self) }

    public func apply(_ event: any Event, envelope: RecordedEvent, to state: inout State) {
        let prefix = "\(Domain.namespace)/"
        guard envelope.streamID.hasPrefix(prefix) else { return }
        state[String(envelope.streamID.dropFirst(prefix.count)), default: OptimisticClientState()].apply(event)
    }
}
