import PlatformKit

/// An event as stored in the log: the envelope and its payload bytes.
///
/// `sequence` is global, gapless and strictly increasing in commit order; `position`
/// is the event's 1-based place in its stream.
public struct RecordedEvent: Sendable, Hashable {
    public var sequence: Int64
    public var streamID: String
    public var position: Int64
    /// Namespaced event type, e.g. `trip.started`.
    public var type: String
    public var schemaVersion: Int
    /// When the log recorded the event, from its injected clock.
    public var recordedAt: Instant
    public var correlationID: String?
    public var causationID: String?
    /// The key that made the append idempotent, if any.
    public var idempotencyKey: String?
    /// The encoded event (the ``BinaryEncoder`` format for typed events).
    public var payload: [UInt8]

    public init(
        sequence: Int64, streamID: String, position: Int64, type: String, schemaVersion: Int,
        recordedAt: Instant, correlationID: String? = nil, causationID: String? = nil,
        idempotencyKey: String? = nil, payload: [UInt8]
    ) {
        self.sequence = sequence
        self.streamID = streamID
        self.position = position
        self.type = type
        self.schemaVersion = schemaVersion
        self.recordedAt = recordedAt
        self.correlationID = correlationID
        self.causationID = causationID
        self.idempotencyKey = idempotencyKey
        self.payload = payload
    }
}
