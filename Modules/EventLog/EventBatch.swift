import PlatformKit

/// Events to append, stored flat: every payload's bytes one after another in one buffer, and
/// each event's envelope in an array beside it.
///
/// A batch crosses threads on its way to a log (the maker's, a preparing thread, a writing one)
/// as a few allocations, not as several heap objects per event: each ``NewEvent`` (its box, its
/// payload, its typed value) is freed where it was made, while in that thread's caches, and
/// the log's threads read the payloads in place. An event appended by its typed value
/// (``append(_:stream:at:)``) is encoded straight into the buffer and never becomes a ``NewEvent``.
public struct EventBatch: RandomAccessCollection, Sendable {
    /// One event's envelope, and where its payload is in the batch's payload bytes.
    package struct Entry: Sendable {
        package let streamID: String
        package let type: String
        package let schemaVersion: Int
        package let correlationID: String?
        package let causationID: String?
        package let idempotencyKey: String?
        package let expectedPosition: Int64?
        /// When the event happened (milliseconds since the epoch), recorded as its time; nil for
        /// the log's clock at the append.
        package let recordedAt: Int64?
        package let payloadStart: Int
        package let payloadCount: Int

        /// Where the payload is in the batch's payload bytes (``withPayloadBytes(_:)``).
        package var payloadRange: Range<Int> { payloadStart..<payloadStart + payloadCount }
    }

    package private(set) var entries: [Entry] = []
    /// The payloads, in event order.
    private var payloads: Payloads

    public init() {
        payloads = Payloads(capacity: 16)
    }

    public init(_ events: [NewEvent]) {
        entries.reserveCapacity(events.count)
        payloads = Payloads(capacity: events.reduce(0) { $0 + $1.payload.count })
        for event in events { append(event) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    /// Whether an event of the batch has an idempotency key.
    package var hasIdempotencyKeys: Bool { entries.contains { $0.idempotencyKey != nil } }

    /// Adds `event` at the end; its typed value is not kept. It is recorded at its own
    /// ``NewEvent/recordedAt``, else at `time`, else at the log's clock when appended.
    public mutating func append(_ event: NewEvent, at time: Instant? = nil) {
        let start = uniquePayloads().writer.bytes.count
        event.withPayload { payloads.writer.bytes.raw($0) }
        entries.append(Entry(
            streamID: event.streamID, type: event.type, schemaVersion: event.schemaVersion,
            correlationID: event.correlationID, causationID: event.causationID, idempotencyKey: event.idempotencyKey,
            expectedPosition: event.expectedPosition, recordedAt: (event.recordedAt ?? time)?.millisecondsSinceEpoch, payloadStart: start,
            payloadCount: payloads.writer.bytes.count - start
        ))
    }

    /// Adds `event` on `stream` at the end, encoded straight into the batch's payload bytes; on
    /// an error, the batch is as it was. It is recorded at `time` (a simulation's virtual time
    /// when it happened), or at the log's clock when appended if `time` is nil.
    public mutating func append(_ event: borrowing any Event, stream: String, at time: Instant? = nil) throws {
        let start = uniquePayloads().writer.bytes.count
        do {
            try event.encodePayload(into: &payloads.writer)
        } catch {
            payloads.writer.bytes.count = start
            throw error
        }
        let type = Swift.type(of: event)
        entries.append(Entry(
            streamID: stream, type: type.eventType, schemaVersion: type.schemaVersion, correlationID: nil, causationID: nil,
            idempotencyKey: nil, expectedPosition: nil, recordedAt: time?.millisecondsSinceEpoch, payloadStart: start,
            payloadCount: payloads.writer.bytes.count - start
        ))
    }

    /// Removes the last `count` events.
    public mutating func removeLast(_ count: Int) {
        guard count > 0 else { return }
        let kept = entries.count - count
        let end = kept > 0 ? entries[kept - 1].payloadRange.upperBound : 0
        entries.removeLast(count)
        uniquePayloads().writer.bytes.count = end
    }

    /// Empties the batch, keeping its room for as many events when `keepingCapacity`.
    public mutating func removeAll(keepingCapacity: Bool = false) {
        let capacity = keepingCapacity ? payloads.writer.bytes.count : 16
        entries.removeAll(keepingCapacity: keepingCapacity)
        if keepingCapacity, isKnownUniquelyReferenced(&payloads) {
            payloads.writer.bytes.count = 0
        } else {
            payloads = Payloads(capacity: capacity)
        }
    }

    /// Event `index` as a ``NewEvent`` (without a typed value), its payload copied out.
    public subscript(index: Int) -> NewEvent {
        let entry = entries[index]
        return NewEvent(
            streamID: entry.streamID, type: entry.type, schemaVersion: entry.schemaVersion,
            payload: Array(UnsafeRawBufferPointer(rebasing: payloads.writer.bytes.bytes[entry.payloadRange])),
            correlationID: entry.correlationID, causationID: entry.causationID,
            idempotencyKey: entry.idempotencyKey, expectedPosition: entry.expectedPosition,
            recordedAt: entry.recordedAt.map(Instant.init(millisecondsSinceEpoch:))
        )
    }

    /// Where event `index`'s payload is in the payload bytes (``withPayloadBytes(_:)``).
    package func payloadRange(of index: Int) -> Range<Int> {
        let (start, count) = (entries[index].payloadStart, entries[index].payloadCount)
        return start..<start + count
    }

    /// Calls `body` with the payloads' bytes, in place. Pointers into them stay valid while the
    /// batch is alive and not mutated.
    package func withPayloadBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(payloads.writer.bytes.bytes)
    }

    /// The payloads, copied first if another batch shares them.
    private mutating func uniquePayloads() -> Payloads {
        if !isKnownUniquelyReferenced(&payloads) { payloads = payloads.copy() }
        return payloads
    }

    /// The payloads' bytes, one after another in one buffer that grows in place (`realloc`).
    /// Never changed while two batches share it.
    private final class Payloads: @unchecked Sendable {
        // Written only through a batch that holds the only reference: no dynamic exclusivity checks.
        @exclusivity(unchecked) var writer: EventPayloadWriter

        init(capacity: Int) {
            writer = EventPayloadWriter(capacity: capacity)
        }

        deinit {
            writer.bytes.deallocate()
        }

        func copy() -> Payloads {
            let copy = Payloads(capacity: writer.bytes.count)
            copy.writer.bytes.raw(writer.bytes.bytes)
            return copy
        }
    }
}
