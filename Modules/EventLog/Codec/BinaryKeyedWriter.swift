import PlatformKit

/// A type that can also encode itself in the binary format without `Codable`.
///
/// The counterpart of ``BinaryDecodable``. `Codable` encoding costs several microseconds per
/// event in runtime machinery (container boxes, generic metadata look-ups, witness tables);
/// ``BinaryEncoder`` uses `encode(to:)` instead for values of conforming types. It must write
/// exactly the bytes of the synthesized `Codable` encoding: the same keys in the same order, so
/// stored payloads, hashes and every decoder are unaffected. Test it with random values against
/// the `Codable` path.
///
/// `encode(to:)` throws nothing unless the type writes a field through `Codable` (the writer's
/// `encode(_:forKey:)` for any `Encodable`); its thrown type is inferred.
public protocol BinaryEncodable: Encodable {
    /// What `encode(to:)` throws: `Never` unless a field takes the `Codable` path.
    associatedtype BinaryEncodingFailure: Error = Never

    /// Writes the fields into the keyed container `writer`, in the synthesized encoding's order.
    func encode(to writer: inout BinaryKeyedWriter) throws(BinaryEncodingFailure)
}

/// Writes one keyed container of the binary format (see `BinaryFormat.swift`) without `Codable`.
///
/// Each call writes one entry: the key, the value's byte length and the value, as
/// ``BinaryEncoder`` writes a `KeyedEncodingContainer` entry. Optional values follow
/// `encodeIfPresent`: a nil value is its key with an empty value.
public struct BinaryKeyedWriter {
    var bytes: _ByteWriter
    private let countPosition: Int
    private var entries = 0

    /// Writes `value` (its keyed container) at the end of `bytes` if its type is `BinaryEncodable`.
    static func write<T>(_ value: T, into bytes: inout _ByteWriter) throws -> Bool {
        guard let type = _BinaryEncodableTypes.conformance(of: T.self) else { return false }
        try write(value, as: type, into: &bytes)
        return true
    }

    /// Writes `value`, whose type is `type`, at the end of `bytes`.
    static func write<T>(_ value: T, as type: any BinaryEncodable.Type, into bytes: inout _ByteWriter) throws {
        func write<E: BinaryEncodable>(_: E.Type) throws(E.BinaryEncodingFailure) {
            let value = _cast(value, to: E.self)
            try keyed(&bytes) { (writer: inout BinaryKeyedWriter) throws(E.BinaryEncodingFailure) in try value.encode(to: &writer) }
        }
        try write(type)
    }

    /// Writes a keyed container that `body` fills at the end of `bytes`.
    static func keyed<Failure: Error>(
        _ bytes: inout _ByteWriter, _ body: (inout BinaryKeyedWriter) throws(Failure) -> Void
    ) throws(Failure) {
        var writer = BinaryKeyedWriter(bytes: bytes)
        // The buffer may have moved: hand it back even when `body` throws.
        defer { bytes = writer.bytes }
        try body(&writer)
        writer.bytes.patch(at: writer.countPosition, value: UInt64(writer.entries))
    }

    private init(bytes: _ByteWriter) {
        self.bytes = bytes
        countPosition = self.bytes.placeholder()
    }

    // MARK: - Values

    public mutating func encode(_ value: String, forKey key: StaticString) {
        begin(key)
        Self.region(of: value, into: &bytes)
    }

    public mutating func encode(_ value: Int64, forKey key: StaticString) {
        varintEntry(_zigzag(value), forKey: key)
    }

    public mutating func encode(_ value: Int, forKey key: StaticString) {
        encode(Int64(value), forKey: key)
    }

    public mutating func encode(_ value: UInt8, forKey key: StaticString) {
        varintEntry(UInt64(value), forKey: key)
    }

    /// An `Instant`, as its milliseconds (its `Codable` encoding).
    public mutating func encode(_ value: Instant, forKey key: StaticString) {
        encode(value.millisecondsSinceEpoch, forKey: key)
    }

    public mutating func encode(_ value: Bool, forKey key: StaticString) {
        begin(key)
        bytes.byte(1)
        bytes.byte(value ? 1 : 0)
    }

    public mutating func encode(_ value: Double, forKey key: StaticString) {
        begin(key)
        bytes.byte(8)
        bytes.double(value)
    }

    /// An enum case, as its `String` raw value (its synthesized encoding).
    public mutating func encode<T: RawRepresentable & Encodable>(_ value: T, forKey key: StaticString) where T.RawValue == String {
        encode(value.rawValue, forKey: key)
    }

    /// An enum case, as its `UInt8` raw value (its synthesized encoding).
    public mutating func encode<T: RawRepresentable & Encodable>(_ value: T, forKey key: StaticString) where T.RawValue == UInt8 {
        encode(value.rawValue, forKey: key)
    }

    /// A nested value without `Codable`.
    public mutating func encode<T: BinaryEncodable>(_ value: T, forKey key: StaticString) throws(T.BinaryEncodingFailure) {
        try encodeNested(forKey: key) { (writer: inout BinaryKeyedWriter) throws(T.BinaryEncodingFailure) in try value.encode(to: &writer) }
    }

    /// A nested keyed container that `body` fills (e.g. an enum case's associated values).
    public mutating func encodeNested<Failure: Error>(
        forKey key: StaticString, _ body: (inout BinaryKeyedWriter) throws(Failure) -> Void
    ) throws(Failure) {
        begin(key)
        try region { (bytes: inout _ByteWriter) throws(Failure) in try Self.keyed(&bytes, body) }
    }

    /// Any other value, through ``BinaryEncoder``.
    public mutating func encode<T: Encodable>(_ value: T, forKey key: StaticString) throws {
        let encoded = try BinaryEncoder().encode(value)
        begin(key)
        encoded.withUnsafeBytes { bytes.lengthPrefixed($0) }
    }

    /// An array of strings (an unkeyed container of built-in scalars).
    public mutating func encode(_ values: [String], forKey key: StaticString) {
        encodeStrings(values, forKey: key)
    }

    /// A set of strings, in its order (an unkeyed container of built-in scalars).
    public mutating func encode(_ values: Set<String>, forKey key: StaticString) {
        encodeStrings(values, forKey: key)
    }

    /// Inlined into each caller, so the loop is specialized for its collection. Each string is
    /// read in place, through an array's buffer or else its index: a `for … in` loop, or an
    /// array's subscript, takes a copy of each, counting a reference to it and releasing it, and
    /// at scale those strings are rarely in the cache.
    @inline(__always)
    private mutating func encodeStrings(_ values: some Collection<String>, forKey key: StaticString) {
        begin(key)
        region { bytes in
            bytes.varint(UInt64(values.count))
            if values.withContiguousStorageIfAvailable({ Self.strings($0, into: &bytes) }) == nil {
                Self.strings(values, into: &bytes)
            }
        }
    }

    @inline(__always)
    private static func strings(_ values: some Collection<String>, into bytes: inout _ByteWriter) {
        var index = values.startIndex
        while index != values.endIndex {
            bytes.string(values[index])
            values.formIndex(after: &index)
        }
    }

    /// An array of integers (an unkeyed container of built-in scalars: zigzag varints).
    public mutating func encode(_ values: [Int64], forKey key: StaticString) {
        begin(key)
        region { bytes in
            bytes.varint(UInt64(values.count))
            for value in values { bytes.signed(value) }
        }
    }

    /// An array of enum cases, as their `String` raw values (length-prefixed elements).
    public mutating func encode<T: RawRepresentable & Encodable>(_ values: [T], forKey key: StaticString) where T.RawValue == String {
        begin(key)
        region { bytes in
            bytes.varint(UInt64(values.count))
            for value in values { Self.region(of: value.rawValue, into: &bytes) }
        }
    }

    /// An array of nested values (an unkeyed container of length-prefixed elements).
    public mutating func encode<T: BinaryEncodable>(_ values: [T], forKey key: StaticString) throws(T.BinaryEncodingFailure) {
        try encode(values, forKey: key) { (value, writer: inout BinaryKeyedWriter) throws(T.BinaryEncodingFailure) in try value.encode(to: &writer) }
    }

    /// An array of nested values, one per element of `elements`, each written by `encode` (as
    /// `encode(_: [T], forKey:)` writes them): for values held otherwise than as an array.
    public mutating func encode<C: Collection, Failure: Error>(
        _ elements: C, forKey key: StaticString, each encode: (C.Element, inout BinaryKeyedWriter) throws(Failure) -> Void
    ) throws(Failure) {
        begin(key)
        try region { (bytes: inout _ByteWriter) throws(Failure) in
            bytes.varint(UInt64(elements.count))
            for element in elements {
                let length = bytes.placeholder()
                try Self.keyed(&bytes) { (writer: inout BinaryKeyedWriter) throws(Failure) in try encode(element, &writer) }
                bytes.patchLength(at: length)
            }
        }
    }

    // MARK: - Optionals

    public mutating func encodeNil(forKey key: StaticString) {
        begin(key)
        bytes.byte(0)
    }

    public mutating func encodeIfPresent(_ value: String?, forKey key: StaticString) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: Int64?, forKey key: StaticString) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: Int?, forKey key: StaticString) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: Instant?, forKey key: StaticString) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: Double?, forKey key: StaticString) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: Bool?, forKey key: StaticString) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent<T: BinaryEncodable>(_ value: T?, forKey key: StaticString) throws(T.BinaryEncodingFailure) {
        if let value { try encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent<T: RawRepresentable & Encodable>(_ value: T?, forKey key: StaticString) where T.RawValue == String {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    /// Any other optional value, through ``BinaryEncoder``.
    public mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: StaticString) throws {
        if let value { try encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    // MARK: - Entries

    /// Starts an entry: its key.
    mutating func begin(_ key: StaticString) {
        entries &+= 1
        key.withUTF8Buffer { bytes.lengthPrefixed(UnsafeRawBufferPointer($0)) }
    }

    /// Starts an entry whose key is a dictionary's.
    mutating func begin(_ key: some BinaryStringKey) {
        entries &+= 1
        key.withKeyUTF8 { bytes.lengthPrefixed(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `value` as a string region (a string's byte length and bytes), preceded by its byte length.
    static func region(of value: String, into bytes: inout _ByteWriter) {
        value.withUTF8InPlace { region(ofUTF8: $0, into: &bytes) }
    }

    /// Writes a string's UTF-8 as a string region, preceded by its byte length.
    static func region(ofUTF8 utf8: UnsafeBufferPointer<UInt8>, into bytes: inout _ByteWriter) {
        let length = UInt64(utf8.count)
        bytes.varint(length &+ UInt64(_varintSize(length)))
        bytes.lengthPrefixed(UnsafeRawBufferPointer(utf8))
    }

    /// An entry whose value is one varint.
    private mutating func varintEntry(_ value: UInt64, forKey key: StaticString) {
        begin(key)
        bytes.byte(UInt8(truncatingIfNeeded: _varintSize(value)))
        bytes.varint(value)
    }

    /// Writes a value through `body`, preceded by its byte length.
    mutating func region<Failure: Error>(_ body: (inout _ByteWriter) throws(Failure) -> Void) throws(Failure) {
        let length = bytes.placeholder()
        try body(&bytes)
        bytes.patchLength(at: length)
    }
}

/// Which types are `BinaryEncodable` (see ``_TypeMemo``).
enum _BinaryEncodableTypes {
    private static let known = _TypeMemo<(any BinaryEncodable.Type)?>()

    static func conformance<T>(of type: T.Type) -> (any BinaryEncodable.Type)? {
        known.value(for: type) { type as? any BinaryEncodable.Type }
    }
}

extension BinaryKeyedWriter {
    /// The encoding of `value`, which writes itself without failing (as ``BinaryEncoder`` encodes it).
    public static func bytes<T: BinaryEncodable>(of value: T) -> [UInt8] where T.BinaryEncodingFailure == Never {
        encoding(value)
    }

    /// The encoding of `value` (as ``BinaryEncoder`` encodes it), its type known to write itself.
    static func encoding<T: BinaryEncodable>(_ value: T) throws(T.BinaryEncodingFailure) -> [UInt8] {
        var writer = _ByteWriter(capacity: 256)
        defer { writer.deallocate() }
        try keyed(&writer) { (keyed: inout BinaryKeyedWriter) throws(T.BinaryEncodingFailure) in try value.encode(to: &keyed) }
        return writer.makeArray()
    }
}
