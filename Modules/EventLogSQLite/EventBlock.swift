import EventLog
import PlatformKit

/// Consecutive events stored whole in one row of `event_blocks` (format 7), compressed together.
///
/// A row per event cost SQLite about a microsecond to insert and half its bytes to page; a row
/// per block of up to ``SQLiteEventLogOptions/eventsPerBlock`` events costs that once. Each event
/// is its stream and type ids, position, schema version, recorded time (the change from the event
/// before, zigzag-encoded), the lengths of its correlation id, causation id and idempotency key
/// (each length + 1, 0 for none) and of its payload, as LEB128, then those bytes. Event
/// `firstSequence + n` is record `n`; the row's `last_seq` says how many records there are.
struct EventBlock {
    struct Record {
        var stream: Int64
        var position: Int64
        var type: Int64
        var schemaVersion: Int
        var recordedAt: Int64
        var correlationID: Range<Int>?
        var causationID: Range<Int>?
        var idempotencyKey: Range<Int>?
        var payload: Range<Int>
    }

    let firstSequence: Int64
    let records: [Record]
    private let bytes: [UInt8]
    /// The chain hash of the last event, stored with the block.
    private let lastHash: [UInt8]

    var lastSequence: Int64 { firstSequence + Int64(records.count) - 1 }

    var storedHash: StoredHash { StoredHash(bytes: lastHash, coversFrom: firstSequence) }

    /// The block starting at `firstSequence` from its uncompressed bytes, which must hold exactly
    /// `count` records, and its last event's chain hash; nil when the bytes are malformed.
    init?(firstSequence: Int64, count: Int, bytes: [UInt8], lastHash: [UInt8]) {
        guard count > 0, let records = Self.parse(bytes, count: count) else { return nil }
        self.firstSequence = firstSequence
        self.records = records
        self.bytes = bytes
        self.lastHash = lastHash
    }

    /// Record of event `sequence`; nil when the block does not hold it.
    func record(of sequence: Int64) -> Record? {
        let index = sequence - firstSequence
        return index >= 0 && index < records.count ? records[Int(index)] : nil
    }

    /// The event of record number `index` (from 0), with its stream and type names.
    func event(_ index: Int, stream: String, type: String) -> RecordedEvent {
        let record = records[index]
        return RecordedEvent(
            sequence: firstSequence + Int64(index), streamID: stream, position: record.position, type: type,
            schemaVersion: record.schemaVersion, recordedAt: Instant(millisecondsSinceEpoch: record.recordedAt),
            correlationID: string(record.correlationID), causationID: string(record.causationID),
            idempotencyKey: string(record.idempotencyKey), payload: payload(index)
        )
    }

    /// The payload of record number `index`.
    func payload(_ index: Int) -> [UInt8] {
        Array(bytes[records[index].payload])
    }

    private func string(_ range: Range<Int>?) -> String? {
        range.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    private static func parse(_ bytes: [UInt8], count: Int) -> [Record]? {
        bytes.withUnsafeBufferPointer { buffer -> [Record]? in
            var position = 0
            var time: Int64 = 0
            var records: [Record] = []
            records.reserveCapacity(count)
            func number() -> Int64? {
                guard let value = LEB128.read(buffer, at: &position), value <= UInt(Int64.max) else { return nil }
                return Int64(value)
            }
            func take(_ length: Int64) -> Range<Int>? {
                guard length <= Int64(buffer.count - position) else { return nil }
                defer { position += Int(length) }
                return position..<position + Int(length)
            }
            /// A string field: its length + 1 was read, 0 for none.
            func string(_ lengthPlusOne: Int64) -> Range<Int>?? {
                lengthPlusOne == 0 ? .some(nil) : take(lengthPlusOne - 1).map { .some($0) }
            }
            for _ in 0..<count {
                guard let stream = number(), let eventPosition = number(), let type = number(), let schema = number(),
                      let delta = LEB128.read(buffer, at: &position),
                      let correlation = number(), let causation = number(), let key = number(), let payloadLength = number(),
                      let correlationID = string(correlation), let causationID = string(causation), let idempotencyKey = string(key),
                      let payload = take(payloadLength)
                else { return nil }
                time &+= Int64(bitPattern: UInt64(delta >> 1) ^ (0 &- UInt64(delta & 1)))
                records.append(Record(
                    stream: stream, position: eventPosition, type: type, schemaVersion: Int(schema), recordedAt: time,
                    correlationID: correlationID, causationID: causationID, idempotencyKey: idempotencyKey, payload: payload
                ))
            }
            return position == buffer.count ? records : nil
        }
    }
}

/// Writes the uncompressed bytes of an ``EventBlock``, one event after another.
struct EventBlockEncoder {
    private(set) var bytes: [UInt8] = []
    private var previousTime: Int64 = 0

    /// Starts a new block, keeping the buffer's room.
    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        previousTime = 0
    }

    mutating func append(
        stream: Int64, position: Int64, type: Int64, schemaVersion: Int, recordedAt: Int64,
        correlationID: String?, causationID: String?, idempotencyKey: String?, payload: UnsafeRawBufferPointer
    ) {
        let delta = recordedAt &- previousTime
        previousTime = recordedAt
        // The record's numbers in one append: each append checks the array's storage is not shared.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9 * LEB128.maximumSize) { buffer in
            let start = buffer.baseAddress!
            var end = start
            func put(_ value: UInt) { end += LEB128.store(value, at: end) }
            put(UInt(stream))
            put(UInt(position))
            put(UInt(type))
            put(UInt(schemaVersion))
            put(UInt(UInt64(bitPattern: (delta << 1) ^ (delta >> 63))))
            put(correlationID.map { UInt($0.utf8.count) + 1 } ?? 0)
            put(causationID.map { UInt($0.utf8.count) + 1 } ?? 0)
            put(idempotencyKey.map { UInt($0.utf8.count) + 1 } ?? 0)
            put(UInt(payload.count))
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
        }
        if let correlationID { bytes.append(contentsOf: correlationID.utf8) }
        if let causationID { bytes.append(contentsOf: causationID.utf8) }
        if let idempotencyKey { bytes.append(contentsOf: idempotencyKey.utf8) }
        bytes.append(contentsOf: payload)
    }
}
