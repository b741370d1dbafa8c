/// Where an event writes its payload (``Event/encodePayload(into:)``): the end of a batch's
/// payload bytes, so an event appended by its typed value is encoded in place, with no buffer
/// or array of its own.
///
/// Only the log makes these; an event writes into one through ``BinaryEncoder`` or, for a
/// ``BinaryEncodable`` event, through its own `encode(to:)`.
public struct EventPayloadWriter {
    var bytes: _ByteWriter

    init(capacity: Int) {
        bytes = _ByteWriter(capacity: capacity)
    }

    /// The bytes `body` writes, as an array.
    static func encoding(_ body: (inout EventPayloadWriter) throws -> Void) rethrows -> [UInt8] {
        var payload = EventPayloadWriter(capacity: 256)
        defer { payload.bytes.deallocate() }
        try body(&payload)
        return payload.bytes.makeArray()
    }
}
