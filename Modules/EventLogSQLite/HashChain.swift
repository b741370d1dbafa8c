import Crypto
import EventLog
import PlatformKit

/// The tamper-evident chain: each event's hash covers the previous hash and the whole event.
///
/// `hash(n) = SHA-256(hash(n-1) ‖ canonical bytes of event n)`, with 32 zero bytes before event 1.
/// Names (not internal ids) are hashed, so an export re-imported elsewhere keeps its chain.
package struct HashChain {
    package static let genesis = [UInt8](repeating: 0, count: 32)
    private var buffer: [UInt8] = []

    package init() {}

    package mutating func hash(_ event: RecordedEvent, previous: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        previous.withUnsafeBytes { previous in
            digest.withUnsafeMutableBytes { hash(event, previous: previous, into: $0.baseAddress!) }
        }
        return digest
    }

    /// The same hash written to `digest` (32 bytes), without allocating.
    package mutating func hash(_ event: RecordedEvent, previous: UnsafeRawBufferPointer, into digest: UnsafeMutableRawPointer) {
        event.payload.withUnsafeBytes { payload in
            hash(
                sequence: event.sequence, streamID: event.streamID, position: event.position, type: event.type,
                schemaVersion: event.schemaVersion, recordedAt: event.recordedAt.millisecondsSinceEpoch,
                correlationID: event.correlationID, causationID: event.causationID, idempotencyKey: event.idempotencyKey,
                payload: payload, previous: previous, into: digest
            )
        }
    }

    /// The hash of a batch's event `entry`, on `streamID` with `type` (its own, read by the
    /// caller), written as `sequence` at `position` and `recordedAt` (milliseconds since the
    /// epoch), whose payload is `payload`.
    mutating func hash(
        _ entry: UnsafePointer<EventBatch.Entry>, streamID: String, type: String, sequence: Int64, position: Int64, recordedAt: Int64,
        payload: UnsafeRawBufferPointer, previous: UnsafeRawBufferPointer, into digest: UnsafeMutableRawPointer
    ) {
        hash(
            sequence: sequence, streamID: streamID, position: position, type: type,
            schemaVersion: entry.pointee.schemaVersion, recordedAt: recordedAt, correlationID: entry.pointee.correlationID,
            causationID: entry.pointee.causationID, idempotencyKey: entry.pointee.idempotencyKey, payload: payload, previous: previous, into: digest
        )
    }

    private mutating func hash(
        sequence: Int64, streamID: String, position: Int64, type: String, schemaVersion: Int, recordedAt: Int64,
        correlationID: String?, causationID: String?, idempotencyKey: String?, payload: UnsafeRawBufferPointer,
        previous: UnsafeRawBufferPointer, into digest: UnsafeMutableRawPointer
    ) {
        let size = 32 + 8 * 6 + streamID.utf8.count + type.utf8.count
            + 3 * 9 + (correlationID?.utf8.count ?? 0) + (causationID?.utf8.count ?? 0)
            + (idempotencyKey?.utf8.count ?? 0) + payload.count
        if buffer.count < size { buffer = [UInt8](repeating: 0, count: size * 2) }
        buffer.withUnsafeMutableBytes { raw in
            var writer = CanonicalWriter(base: raw.baseAddress!)
            writer.write(previous)
            writer.write(sequence)
            writer.write(streamID)
            writer.write(position)
            writer.write(type)
            writer.write(Int64(schemaVersion))
            writer.write(recordedAt)
            writer.write(optional: correlationID)
            writer.write(optional: causationID)
            writer.write(optional: idempotencyKey)
            writer.write(Int64(payload.count))
            writer.write(payload)
            SHA256.hash(data: UnsafeRawBufferPointer(start: raw.baseAddress, count: writer.count))
                .withUnsafeBytes { digest.copyMemory(from: $0.baseAddress!, byteCount: 32) }
        }
    }
}

/// Writes the canonical encoding into memory sized beforehand.
private struct CanonicalWriter {
    let base: UnsafeMutableRawPointer
    var count = 0

    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func write(_ value: Int64) {
        (base + count).storeBytes(of: value.littleEndian, as: Int64.self)
        count += 8
    }

    mutating func write(_ text: String) {
        // In place: a copy would count a reference to a string another thread made.
        text.withUTF8InPlace { write(utf8: $0) }
    }

    private mutating func write(utf8: UnsafeBufferPointer<UInt8>) {
        write(Int64(utf8.count))
        write(UnsafeRawBufferPointer(utf8))
    }

    mutating func write(optional text: String?) {
        (base + count).storeBytes(of: text == nil ? 0 : 1, as: UInt8.self)
        count += 1
        if let text { write(text) }
    }
}
