import PlatformKit

/// An event to append. The log assigns its sequence and position, and its time unless the event
/// says when it happened (``recordedAt``).
///
/// A value type whose fields live in one shared, copy-on-write box: an event is copied several
/// times on its way to the log (buffers, batches, the writer's threads), and a copy costs one
/// reference count rather than one per string, the payload and the typed value.
public struct NewEvent: Sendable, Hashable {
    private var storage: Storage

    public var streamID: String {
        // Borrowed, not copied: the log's writer looks every event's stream up on another
        // thread, where counting a reference to the name costs a cache miss.
        _read { yield storage.streamID }
        set { unique().streamID = newValue }
    }
    public var type: String {
        get { storage.type }
        set { unique().type = newValue }
    }
    public var schemaVersion: Int {
        get { storage.schemaVersion }
        set { unique().schemaVersion = newValue }
    }
    public var payload: [UInt8] {
        get { storage.payload }
        set { unique().payload = newValue }
    }
    public var correlationID: String? {
        get { storage.correlationID }
        set { unique().correlationID = newValue }
    }
    public var causationID: String? {
        get { storage.causationID }
        set { unique().causationID = newValue }
    }
    /// Appending an event whose key is already stored is a no-op that returns the stored one.
    public var idempotencyKey: String? {
        get { storage.idempotencyKey }
        set { unique().idempotencyKey = newValue }
    }
    /// Optimistic concurrency: the position this event must land at, or `nil` for any.
    public var expectedPosition: Int64? {
        get { storage.expectedPosition }
        set { unique().expectedPosition = newValue }
    }
    /// When the event happened, recorded as its time; `nil` (the default) for the log's clock
    /// when it is appended. A run in virtual time sets it to the time it emitted the event.
    public var recordedAt: Instant? {
        get { storage.recordedAt }
        set { unique().recordedAt = newValue }
    }
    /// The typed event the payload was encoded from (set by ``Event/newEvent(stream:correlationID:causationID:idempotencyKey:expectedPosition:)``).
    /// Not stored, and not part of equality: a ``ProjectionGroup`` fed the event before it is
    /// appended folds it instead of decoding the payload.
    public var typed: (any Event)? {
        get { storage.isTyped ? storage.typedValue : nil }
        set { storage = storage.copy(typed: newValue) }
    }

    /// Calls `body` with the payload's bytes, in place.
    func withPayload<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.payload.withUnsafeBytes(body)
    }

    /// Calls `body` with the typed value, or a ``NoTypedValue`` when there is none, lent in place:
    /// unwrapping an optional existential, or reading it through a property, copies the value
    /// and counts a reference to its box.
    func withTypedInPlace<R>(_ body: (borrowing any Event) throws -> R) rethrows -> R {
        try storage.withTypedValue(body)
    }

    /// An event of `type` (at `schemaVersion`) on `streamID` whose payload is `payload`, appended
    /// only at `expectedPosition` if given, once per `idempotencyKey` if given, and recorded at
    /// `recordedAt` if given (else at the log's clock); `typed` is the value it was encoded from.
    public init(
        streamID: String, type: String, schemaVersion: Int = 1, payload: [UInt8],
        correlationID: String? = nil, causationID: String? = nil,
        idempotencyKey: String? = nil, expectedPosition: Int64? = nil, recordedAt: Instant? = nil, typed: (any Event)? = nil
    ) {
        self.init(
            streamID: streamID, type: type, schemaVersion: schemaVersion, payload: payload,
            correlationID: correlationID, causationID: causationID,
            idempotencyKey: idempotencyKey, expectedPosition: expectedPosition, encodedFrom: typed ?? NoTypedValue()
        )
        if let recordedAt { storage.recordedAt = recordedAt }
    }

    /// An event encoded from `typed` (a ``NoTypedValue`` for none), which it takes rather than
    /// copies (``Event/newEvent(stream:correlationID:causationID:idempotencyKey:expectedPosition:)``).
    init(
        streamID: String, type: String, schemaVersion: Int, payload: [UInt8], correlationID: String?,
        causationID: String?, idempotencyKey: String?, expectedPosition: Int64?, encodedFrom typed: consuming any Event
    ) {
        storage = Storage(
            streamID: streamID, type: type, schemaVersion: schemaVersion, payload: payload,
            correlationID: correlationID, causationID: causationID,
            idempotencyKey: idempotencyKey, expectedPosition: expectedPosition, typedValue: typed
        )
    }

    public static func == (lhs: NewEvent, rhs: NewEvent) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return (lhs.streamID, lhs.type, lhs.schemaVersion, lhs.payload) == (rhs.streamID, rhs.type, rhs.schemaVersion, rhs.payload)
            && (lhs.correlationID, lhs.causationID, lhs.idempotencyKey, lhs.expectedPosition, lhs.recordedAt)
            == (rhs.correlationID, rhs.causationID, rhs.idempotencyKey, rhs.expectedPosition, rhs.recordedAt)
    }

    /// Hashes the stream, type and payload (a subset of what `==` compares, which is enough).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(streamID)
        hasher.combine(type)
        hasher.combine(payload)
    }

    /// The box, copied first if another value shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The fields. Mutated only through `unique()`, so a box that several values share never
    /// changes; `typed` never changes.
    private final class Storage: @unchecked Sendable {
        var streamID: String
        var type: String
        var schemaVersion: Int
        var payload: [UInt8]
        var correlationID: String?
        var causationID: String?
        var idempotencyKey: String?
        var expectedPosition: Int64?
        var recordedAt: Instant?
        let typedValue: any Event
        var isTyped: Bool { Swift.type(of: typedValue) != NoTypedValue.self }

        /// Lends `typedValue` to `body` (a `let` of a box the caller keeps alive: not copied).
        func withTypedValue<R>(_ body: (borrowing any Event) throws -> R) rethrows -> R {
            try body(typedValue)
        }

        init(
            streamID: String, type: String, schemaVersion: Int, payload: [UInt8], correlationID: String?,
            causationID: String?, idempotencyKey: String?, expectedPosition: Int64?, typedValue: consuming any Event
        ) {
            self.streamID = streamID
            self.type = type
            self.schemaVersion = schemaVersion
            self.payload = payload
            self.correlationID = correlationID
            self.causationID = causationID
            self.idempotencyKey = idempotencyKey
            self.expectedPosition = expectedPosition
            self.typedValue = typedValue
        }

        /// A copy, with `typed` if given.
        func copy(typed: (any Event)?? = nil) -> Storage {
            let copy = Storage(
                streamID: streamID, type: type, schemaVersion: schemaVersion, payload: payload,
                correlationID: correlationID, causationID: causationID, idempotencyKey: idempotencyKey,
                expectedPosition: expectedPosition, typedValue: typed.map { $0 ?? NoTypedValue() } ?? typedValue
            )
            copy.recordedAt = recordedAt
            return copy
        }
    }
}

/// What ``NewEvent/withTypedInPlace(_:)`` lends for an event without a typed value.
struct NoTypedValue: Event {
    static let eventType = ""
}

/// Where one appended event landed.
public struct AppendedEvent: Sendable, Hashable {
    public var sequence: Int64
    public var streamID: String
    public var position: Int64
    /// True when the idempotency key was already stored and nothing was written.
    public var isDuplicate: Bool

    public init(sequence: Int64, streamID: String, position: Int64, isDuplicate: Bool) {
        self.sequence = sequence
        self.streamID = streamID
        self.position = position
        self.isDuplicate = isDuplicate
    }
}

extension Array where Element == NewEvent {
    /// Sets expected positions so the batch appends only if `stream` is at `version` now.
    ///
    /// Use `0` to require that the stream does not exist yet.
    public func expecting(stream: String, atVersion version: Int64) -> [NewEvent] {
        var next = version
        return map { event in
            guard event.streamID == stream else { return event }
            var event = event
            next += 1
            event.expectedPosition = next
            return event
        }
    }
}
