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
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: previous)
        append(event.sequence)
        append(event.streamID)
        append(event.position)
        append(event.type)
        append(Int64(event.schemaVersion))
        append(event.recordedAt.millisecondsSinceEpoch)
        append(optional: event.correlationID)
        append(optional: event.causationID)
        append(optional: event.idempotencyKey)
        append(Int64(event.payload.count))
        buffer.append(contentsOf: event.payload)
        return Array(SHA256.hash(data: buffer))
    }

    private mutating func append(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            append(Int64(utf8.count))
            buffer.append(contentsOf: utf8)
        }
    }

    private mutating func append(optional text: String?) {
        if let text {
            buffer.append(1)
            append(text)
        } else {
            buffer.append(0)
        }
    }
}

extension Array where Element == UInt8 {
    /// Lowercase hex, for messages and exports.
    package var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(count * 2)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Bytes from lowercase or uppercase hex; `nil` if malformed.
    package init?(hexString: String) {
        let utf8 = Array(hexString.utf8)
        guard utf8.count.isMultiple(of: 2) else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(utf8.count / 2)
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: c - 48
            case 97...102: c - 87
            case 65...70: c - 55
            default: nil
            }
        }
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self = bytes
    }
}
