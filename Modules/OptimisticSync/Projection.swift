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

    /// `<namespace>/`, made once: every event of the log is checked against it.
    private let streamPrefix = "\(Domain.namespace)/"

    public init() {}

    public var name: String { "\(Domain.namespace).clients" }
    public var version: Int { 1 }
    public var initialState: State { [:] }
    public var events: EventRegistry { optimisticEvents(Domain.self) }

    public func apply(_ event: any Event, envelope: RecordedEvent, to state: inout State) {
        let stream = envelope.streamID.utf8
        guard stream.starts(with: streamPrefix.utf8) else { return }
        let client = String(Substring(stream.dropFirst(streamPrefix.utf8.count)))
        state[client, default: OptimisticClientState()].apply(event)
    }
}
