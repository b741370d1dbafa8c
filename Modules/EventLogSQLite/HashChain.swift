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
        let size = 32 + 8 * 6 + event.streamID.utf8.count + event.type.utf8.count
            + 3 * 9 + (event.correlationID?.utf8.count ?? 0) + (event.causationID?.utf8.count ?? 0)
            + (event.idempotencyKey?.utf8.count ?? 0) + event.payload.count
        if buffer.count < size { buffer = [UInt8](repeating: 0, count: size * 2) }
        buffer.withUnsafeMutableBytes { raw in
            var writer = CanonicalWriter(base: raw.baseAddress!)
            writer.write(previous)
            writer.write(event.sequence)
            writer.write(event.streamID)
            writer.write(event.position)
            writer.write(event.type)
            writer.write(Int64(event.schemaVersion))
            writer.write(event.recordedAt.millisecondsSinceEpoch)
            writer.write(optional: event.correlationID)
            writer.write(optional: event.causationID)
            writer.write(optional: event.idempotencyKey)
            writer.write(Int64(event.payload.count))
            event.payload.withUnsafeBytes { writer.write($0) }
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
        var text = text
        text.withUTF8 { utf8 in
            write(Int64(utf8.count))
            write(UnsafeRawBufferPointer(utf8))
        }
    }

    mutating func write(optional text: String?) {
        (base + count).storeBytes(of: text == nil ? 0 : 1, as: UInt8.self)
        count += 1
        if let text { write(text) }
    }
}
