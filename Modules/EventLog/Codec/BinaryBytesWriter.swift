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
        encodeElements(count: count, size: count, forKey: key, body)
    }

    /// The bytes that `body` appends, written for `key` as a `[UInt8]` (or `Data`) is, their
    /// number found as they are appended: for bytes that would take a pass of their own to count.
    /// Their lengths are patched in after them (in a chunked encoding, gaps of the sink).
    public mutating func encodeBytes(forKey key: StaticString, _ body: (inout BinaryBytesWriter) -> Void) {
        begin(key)
        let region = bytes.placeholder()
        // The element count of a `[UInt8]` is its number of bytes: the bytes after this placeholder.
        let count = bytes.placeholder()
        var writer = BinaryBytesWriter(bytes: bytes)
        body(&writer)
        bytes = writer.bytes
        bytes.patchLength(at: count)
        bytes.patchLength(at: region)
    }

    /// The `count` elements of an array or a set, already encoded (`size` bytes in all, which
    /// `body` must append), written for `key` as the array or set is: for strings, each element
    /// is its UTF-8 length (LEB128) then its bytes (see ``BinaryKeyedReader/encodedElements(forKey:)``).
    public mutating func encodeElements(count: Int, size: Int, forKey key: StaticString, _ body: (inout BinaryBytesWriter) -> Void) {
        begin(key)
        let elements = UInt64(count)
        bytes.varint(UInt64(size) &+ UInt64(_varintSize(elements)))
        bytes.varint(elements)
        var writer = BinaryBytesWriter(bytes: bytes)
        body(&writer)
        bytes = writer.bytes
        precondition(writer.appended == size, "encodeElements: \(writer.appended) bytes appended for '\(key)', \(size) announced")
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

    /// The bytes of the `[UInt8]` (or `Data`) of `key`: a slice of the buffer being decoded when
    /// the reader shares it (see ``decode(_:sharing:)``), so that a large value is not copied;
    /// a copy otherwise.
    public mutating func bytes(forKey key: StaticString) throws -> ArraySlice<UInt8> {
        slice(try lengthPrefixedBytes(forKey: key))
    }

    /// The elements of the array or set of `key` as encoded (for strings, each its UTF-8 length
    /// in LEB128 then its bytes), and how many there are; shared as ``bytes(forKey:)`` is.
    public mutating func encodedElements(forKey key: StaticString) throws -> (count: Int, bytes: ArraySlice<UInt8>) {
        let (count, bytes) = try elementBytes(forKey: key)
        return (count, slice(bytes))
    }

    /// Calls `body` with the number of elements of the array or set of `key` and their bytes as
    /// encoded (see ``encodedElements(forKey:)``), read in place; errors `body` throws are put
    /// under `key`.
    public mutating func withEncodedElements<R>(forKey key: StaticString, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
        let (count, bytes) = try elementBytes(forKey: key)
        return try Self.within(Key(key)) { try body(count, bytes) }
    }

    /// The element count of the unkeyed container of `key`, and the bytes of its elements.
    private mutating func elementBytes(forKey key: StaticString) throws -> (Int, UnsafeBufferPointer<UInt8>) {
        try required(key, (Int, UnsafeBufferPointer<UInt8>).self) { base, position, end throws(_DecodeFailure) in
            let count = try _Read.varint(base, &position, end)
            // Every element takes at least one byte.
            guard count <= UInt64(end &- position) else { throw .countTooLarge(count) }
            defer { position = end }
            return (Int(count), UnsafeBufferPointer(start: (base + position).assumingMemoryBound(to: UInt8.self), count: end &- position))
        }
    }

    /// `bytes` (within the buffer being read) as a slice of the shared buffer, or a copy.
    private func slice(_ bytes: UnsafeBufferPointer<UInt8>) -> ArraySlice<UInt8> {
        guard let shared, let start = bytes.baseAddress else { return ArraySlice(bytes) }
        let offset = UnsafeRawPointer(start) - base
        return shared[offset..<(offset + bytes.count)]
    }
}
