/// Appends the bytes of a `[UInt8]` value that ``BinaryKeyedWriter/encodeBytes(count:forKey:_:)``
/// writes, a piece at a time: for bytes held otherwise than as one array (records in blocks,
/// say). Encoding in chunks, full chunks are handed on as the pieces come.
public struct BinaryBytesWriter {
    var bytes: _ByteWriter
    /// The bytes appended so far.
    private(set) var appended = 0

    init(bytes: _ByteWriter) {
        self.bytes = bytes
    }

    /// Appends `piece`.
    public mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        bytes.raw(UnsafeRawBufferPointer(piece))
        appended &+= piece.count
        bytes.flushIfFull()
    }
}

extension BinaryKeyedWriter {
    /// `count` bytes that `body` appends, written for `key` as a `[UInt8]` (or `Data`) is.
    /// `body` must append exactly `count` bytes.
    public mutating func encodeBytes(count: Int, forKey key: StaticString, _ body: (inout BinaryBytesWriter) -> Void) {
        begin(key)
        let length = UInt64(count)
        bytes.varint(length &+ UInt64(_varintSize(length)))
        bytes.varint(length)
        var writer = BinaryBytesWriter(bytes: bytes)
        body(&writer)
        bytes = writer.bytes
        precondition(writer.appended == count, "encodeBytes: \(writer.appended) bytes appended for '\(key)', \(count) announced")
    }
}

extension BinaryKeyedReader {
    /// Calls `body` with the bytes of the `[UInt8]` (or `Data`) of `key`, read in place; errors
    /// `body` throws are put under `key`.
    public mutating func withBytes<R>(forKey key: StaticString, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
        let bytes = try lengthPrefixedBytes(forKey: key)
        return try Self.within(Key(key)) { try body(bytes) }
    }

    /// The bytes of the length-prefixed value of `key` (a `[UInt8]`, or a string's UTF-8 unchecked).
    mutating func lengthPrefixedBytes(forKey key: StaticString) throws -> UnsafeBufferPointer<UInt8> {
        try required(key, UnsafeBufferPointer<UInt8>.self) { base, position, end throws(_DecodeFailure) in
            let length = try _Read.length(base, &position, end)
            defer { position &+= length }
            return UnsafeBufferPointer(start: (base + position).assumingMemoryBound(to: UInt8.self), count: length)
        }
    }
}
