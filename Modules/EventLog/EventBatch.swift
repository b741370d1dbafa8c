/// Events to append, stored flat: every payload's bytes one after another in one buffer, and
/// each event's envelope in an array beside it.
///
/// A batch crosses threads on its way to a log (the maker's, a preparing thread, a writing one)
/// as a few allocations, not as several heap objects per event: each ``NewEvent`` (its box, its
/// payload, its typed value) is freed where it was made, while in that thread's caches, and
/// the log's threads read the payloads in place.
public struct EventBatch: RandomAccessCollection, Sendable {
    /// One event's envelope, and where its payload is in ``payloadBytes``.
    package struct Entry: Sendable {
        package let streamID: String
        package let type: String
        package let schemaVersion: Int
        package let correlationID: String?
        package let causationID: String?
        package let idempotencyKey: String?
        package let expectedPosition: Int64?
        package let payloadStart: Int
        package let payloadCount: Int

        /// Where the payload is in the batch's ``payloadBytes``.
        package var payloadRange: Range<Int> { payloadStart..<payloadStart + payloadCount }
    }

    package private(set) var entries: [Entry] = []
    /// The payloads, in event order.
    package private(set) var payloadBytes: [UInt8] = []

    public init() {}

    public init(_ events: [NewEvent]) {
        entries.reserveCapacity(events.count)
        payloadBytes.reserveCapacity(events.reduce(0) { $0 + $1.payload.count })
        for event in events { append(event) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    /// Whether an event of the batch has an idempotency key.
    package var hasIdempotencyKeys: Bool { entries.contains { $0.idempotencyKey != nil } }

    /// Adds `event` at the end; its typed value is not kept.
    public mutating func append(_ event: NewEvent) {
        let start = payloadBytes.count
        event.withPayload { payloadBytes.append(contentsOf: $0) }
        entries.append(Entry(
            streamID: event.streamID, type: event.type, schemaVersion: event.schemaVersion,
            correlationID: event.correlationID, causationID: event.causationID, idempotencyKey: event.idempotencyKey,
            expectedPosition: event.expectedPosition, payloadStart: start, payloadCount: payloadBytes.count - start
        ))
    }

    /// Empties the batch, keeping its room for as many events when `keepingCapacity`.
    public mutating func removeAll(keepingCapacity: Bool = false) {
        entries.removeAll(keepingCapacity: keepingCapacity)
        payloadBytes.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Event `index` as a ``NewEvent`` (without a typed value), its payload copied out.
    public subscript(index: Int) -> NewEvent {
        let entry = entries[index]
        return NewEvent(
            streamID: entry.streamID, type: entry.type, schemaVersion: entry.schemaVersion,
            payload: Array(payloadBytes[entry.payloadRange]),
            correlationID: entry.correlationID, causationID: entry.causationID,
            idempotencyKey: entry.idempotencyKey, expectedPosition: entry.expectedPosition
        )
    }

    /// Calls `body` with the payloads' bytes, in place. Pointers into them stay valid while the
    /// batch is alive and not mutated.
    package func withPayloadBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try payloadBytes.withUnsafeBytes(body)
    }
}
