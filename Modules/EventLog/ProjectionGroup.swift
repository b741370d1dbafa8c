import PlatformKit

/// Several projections kept current together: one pass over new events feeds every projection
/// that reads their type, and all are snapshotted at the same sequence by one policy.
///
/// Use it where one process owns the log (a simulation, a service): hand it each batch right
/// after appending (``apply(_:)``), or each event just before (``apply(_:at:recordedAt:)``, which
/// folds the event's typed value), and nothing is read back. Not thread-safe.
public final class ProjectionGroup {
    private var members: [any GroupMember]
    /// For each (type, version) seen: the members that decode it, and how each does.
    private var routes: [EventRegistry.Key: [Route]] = [:]
    /// The same routes by the Swift type of an event's typed value, with the key they were found
    /// for: checking that key (one comparison of names from the same literal) costs a fraction of
    /// hashing the event's type name for every event.
    private var typedRoutes: [ObjectIdentifier: (key: EventRegistry.Key, readers: [Route])] = [:]
    /// For events folded by their typed value alone (``apply(_:stream:encodedAs:at:recordedAt:)``),
    /// whose key is their Swift type's: the key and the routes by that type, so neither the
    /// type's name nor a hash of it is needed per event.
    private var recordedRoutes: [ObjectIdentifier: (key: EventRegistry.Key, readers: [Route])] = [:]
    private let snapshots: (any SnapshotStore)?
    private let policy: SnapshotPolicy
    /// The last sequence folded into every projection.
    public private(set) var sequence: Int64
    public private(set) var lastSnapshotSequence: Int64
    /// The encoded size of every projection's state at the last snapshot (0 before one).
    public private(set) var lastSnapshotSize = 0
    /// Warnings from the initial replays (skipped snapshots).
    public private(set) var warnings: [String] = []

    /// Replays each projection from its newest valid snapshot to the end of `log`.
    public init(
        _ projections: [any Projection], log: some EventLogReader, snapshots: (any SnapshotStore)? = nil,
        policy: SnapshotPolicy = .never
    ) throws {
        let end = try log.lastSequence()
        members = []
        var oldestSnapshot = end
        var snapshotSize = 0
        for projection in projections {
            let (member, result, size) = try Self.member(projection, log: log, snapshots: snapshots, upTo: end)
            members.append(member)
            warnings += result
            oldestSnapshot = min(oldestSnapshot, member.snapshotSequence)
            snapshotSize += size
        }
        self.snapshots = snapshots
        self.policy = policy
        sequence = end
        lastSnapshotSequence = oldestSnapshot
        lastSnapshotSize = snapshotSize
    }

    /// The projections at their initial states, before the first event of a log (sequence 0),
    /// fed with ``apply(_:at:recordedAt:)`` as events are made; snapshotted by their caller.
    public init(startingEmpty projections: [any Projection]) {
        members = projections.map { Self.emptyMember($0) }
        snapshots = nil
        policy = .never
        sequence = 0
        lastSnapshotSequence = 0
    }

    private static func emptyMember<P: Projection>(_ projection: P) -> any GroupMember {
        Member(projection: projection, state: projection.initialState, snapshotSequence: 0)
    }

    private static func member<P: Projection>(
        _ projection: P, log: some EventLogReader, snapshots: (any SnapshotStore)?, upTo end: Int64
    ) throws -> (any GroupMember, [String], Int) {
        let result = try projection.replay(log, snapshots: snapshots, upTo: end)
        let member = Member(projection: projection, state: result.state, snapshotSequence: result.snapshot?.sequence ?? 0)
        return (member, result.warnings, result.snapshot?.stateSize ?? 0)
    }

    /// Folds `events`, which must be the log's next events in sequence order; snapshots by policy.
    public func apply(_ events: some Sequence<RecordedEvent>) throws {
        for event in events { try fold(event) }
        try snapshotIfDue()
    }

    /// Folds `event` before it is appended, as the log will record it: as sequence `sequence`
    /// (the next one) at `recordedAt`, by its typed value where it has one. For the log's only
    /// writer, which knows the sequence numbers its events will get: the projections are kept
    /// on the thread that makes the events, while those are in its caches. The envelope's stream
    /// position is not known yet (0). Snapshots are the caller's: the group has no log to store
    /// them in until the event is appended.
    public func apply(_ event: NewEvent, at sequence: Int64, recordedAt: Instant) throws {
        try event.withTypedInPlace { typed in
            let typedID = ObjectIdentifier(Swift.type(of: typed))
            let readers = readers(of: EventRegistry.Key(type: event.type, version: event.schemaVersion), typed: typedID)
            try fold(typed, typedID, readers, at: sequence) { _ in
                RecordedEvent(
                    sequence: sequence, streamID: event.streamID, position: 0, type: event.type, schemaVersion: event.schemaVersion,
                    recordedAt: recordedAt, correlationID: event.correlationID, causationID: event.causationID,
                    idempotencyKey: event.idempotencyKey, payload: event.payload
                )
            }
        }
    }

    /// Folds typed `event`, about to be appended on `stream` with `payload` as its encoding, as
    /// ``apply(_:at:recordedAt:)`` folds a ``NewEvent`` (for ``EventLogWriter/record(_:)``). The
    /// envelope's payload is empty unless a member decodes the event to a type of its own.
    public func apply(
        _ event: borrowing any Event, stream: String, encodedAs payload: UnsafeRawBufferPointer, at sequence: Int64, recordedAt: Instant
    ) throws {
        let type = Swift.type(of: event)
        let typedID = ObjectIdentifier(type)
        let (key, readers) = recordedRoutes[typedID] ?? recordedRoute(type, typedID)
        try fold(event, typedID, readers, at: sequence) { decodes in
            RecordedEvent(
                sequence: sequence, streamID: stream, position: 0, type: key.type, schemaVersion: key.version,
                recordedAt: recordedAt, payload: decodes ? Array(payload) : []
            )
        }
    }

    /// The key and routes of events of Swift type `type` folded by their typed value alone.
    private func recordedRoute(_ type: any Event.Type, _ id: ObjectIdentifier) -> (key: EventRegistry.Key, readers: [Route]) {
        let key = EventRegistry.Key(type: type.eventType, version: type.schemaVersion)
        let route = (key: key, readers: routes[key] ?? route(key))
        recordedRoutes[id] = route
        return route
    }

    /// Folds `typed` (of the type `typedID`, before it is appended) into `readers`, the members
    /// that read it; `envelope` makes its envelope, with its payload if a member decodes it (`true`).
    private func fold(
        _ typed: borrowing any Event, _ typedID: ObjectIdentifier, _ readers: [Route], at sequence: Int64,
        envelope: (_ decodes: Bool) -> RecordedEvent
    ) throws {
        try expectNext(sequence)
        if !readers.isEmpty {
            let envelope = envelope(readers.contains { $0.decoding.produces != typedID })
            for reader in readers { try members[reader.member].apply(envelope, typed: typed, decoding: reader.decoding) }
        }
        self.sequence = sequence
    }

    /// Folds `event`, decoding its payload for each member that reads it.
    private func fold(_ event: RecordedEvent) throws {
        try expectNext(event.sequence)
        let key = EventRegistry.Key(type: event.type, version: event.schemaVersion)
        for reader in readers(of: key, typed: ObjectIdentifier(NoTypedValue.self)) {
            try members[reader.member].apply(event, typed: NoTypedValue(), decoding: reader.decoding)
        }
        sequence = event.sequence
    }

    /// Throws unless `next` follows the last sequence folded.
    private func expectNext(_ next: Int64) throws {
        guard next == sequence + 1 else {
            throw EventLogError(.invalidInput, "ProjectionGroup expected sequence \(sequence + 1), got \(next)")
        }
    }

    /// The members that read events of `key`, whose typed value is of type `id`.
    private func readers(of key: EventRegistry.Key, typed id: ObjectIdentifier) -> [Route] {
        guard id != ObjectIdentifier(NoTypedValue.self) else { return routes[key] ?? route(key) }
        if let cached = typedRoutes[id], cached.key == key { return cached.readers }
        let readers = routes[key] ?? route(key)
        typedRoutes[id] = (key, readers)
        return readers
    }

    private func snapshotIfDue() throws {
        if policy.isDue(at: sequence, lastSnapshot: lastSnapshotSequence, lastSize: lastSnapshotSize) { try snapshotNow() }
    }

    private func route(_ key: EventRegistry.Key) -> [Route] {
        let readers = members.indices.compactMap { index in members[index].decoding(for: key).map { Route(member: index, decoding: $0) } }
        routes[key] = readers
        return readers
    }

    /// Snapshots every projection at the current sequence.
    public func snapshotNow() throws {
        guard let snapshots else { return }
        lastSnapshotSize = try members.reduce(0) { $0 + (try $1.save(to: snapshots, at: sequence)) }
        lastSnapshotSequence = sequence
    }

    /// The current state of the member projection of type `P`, if there is one.
    public func state<P: Projection>(of type: P.Type) -> P.State? {
        for member in members { if let member = member as? Member<P> { return member.state } }
        return nil
    }
}

/// A member that reads one type and version of event, and how it decodes them.
private struct Route {
    var member: Int
    var decoding: EventRegistry.Decoding
}

private protocol GroupMember: AnyObject {
    var snapshotSequence: Int64 { get }
    func decoding(for key: EventRegistry.Key) -> EventRegistry.Decoding?
    /// Folds `event`: `typed` when it is the value its payload decodes to (the one it was encoded
    /// from, in this process), else its payload decoded with `decoding`.
    func apply(_ event: borrowing RecordedEvent, typed: borrowing any Event, decoding: EventRegistry.Decoding) throws
    /// Saves the state; its encoded size.
    func save(to store: any SnapshotStore, at sequence: Int64) throws -> Int
}

private final class Member<P: Projection>: GroupMember {
    let projection: P
    var state: P.State
    let snapshotSequence: Int64
    private let registry: EventRegistry

    init(projection: P, state: P.State, snapshotSequence: Int64) {
        self.projection = projection
        self.state = state
        self.snapshotSequence = snapshotSequence
        registry = projection.events
    }

    func decoding(for key: EventRegistry.Key) -> EventRegistry.Decoding? { registry.decoding(for: key) }

    func apply(_ event: borrowing RecordedEvent, typed: borrowing any Event, decoding: EventRegistry.Decoding) throws {
        if ObjectIdentifier(type(of: typed)) == decoding.produces {
            projection.apply(typed, envelope: event, to: &state)
        } else {
            projection.apply(try EventRegistry.decode(event, using: decoding), envelope: event, to: &state)
        }
    }

    func save(to store: any SnapshotStore, at sequence: Int64) throws -> Int {
        projection.prepareForSnapshot(&state)
        return try store.saveSnapshot(of: projection, state: state, at: sequence).stateSize
    }
}
