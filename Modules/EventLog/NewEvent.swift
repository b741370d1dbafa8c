/// An event to append. The log assigns its sequence, position and time.
public struct NewEvent: Sendable, Hashable {
    public var streamID: String
    public var type: String
    public var schemaVersion: Int
    public var payload: [UInt8]
    public var correlationID: String?
    public var causationID: String?
    /// Appending an event whose key is already stored is a no-op that returns the stored one.
    public var idempotencyKey: String?
    /// Optimistic concurrency: the position this event must land at, or `nil` for any.
    public var expectedPosition: Int64?
    /// The typed event the payload was encoded from (set by ``Event/newEvent(stream:correlationID:causationID:idempotencyKey:expectedPosition:)``).
    /// Not stored, and not part of equality: a ``ProjectionGroup`` fed right after the append
    /// folds it instead of decoding the payload again.
    public var typed: (any Event)?

    public init(
        streamID: String, type: String, schemaVersion: Int = 1, payload: [UInt8],
        correlationID: String? = nil, causationID: String? = nil,
        idempotencyKey: String? = nil, expectedPosition: Int64? = nil
    ) {
        self.streamID = streamID
        self.type = type
        self.schemaVersion = schemaVersion
        self.payload = payload
        self.correlationID = correlationID
        self.causationID = causationID
        self.idempotencyKey = idempotencyKey
        self.expectedPosition = expectedPosition
    }

    public static func == (lhs: NewEvent, rhs: NewEvent) -> Bool {
        (lhs.streamID, lhs.type, lhs.schemaVersion, lhs.payload) == (rhs.streamID, rhs.type, rhs.schemaVersion, rhs.payload)
            && (lhs.correlationID, lhs.causationID, lhs.idempotencyKey, lhs.expectedPosition)
            == (rhs.correlationID, rhs.causationID, rhs.idempotencyKey, rhs.expectedPosition)
    }

    /// Hashes the stream, type and payload (a subset of what `==` compares, which is enough).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(streamID)
        hasher.combine(type)
        hasher.combine(payload)
    }
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
