import PlatformKit

// Dictionaries with `String` keys (or other `BinaryStringKey`s) in a keyed container, written
// without `Codable` exactly as their synthesized encodings are (see `BinaryFormat.swift`): a
// keyed container whose keys are the dictionary's, in the dictionary's order. Arrays and sets are in `BinaryKeyedWriter.swift`.

extension BinaryKeyedWriter {
    /// Nested values by their string keys.
    public mutating func encode<K: BinaryStringKey, V: BinaryEncodable>(_ values: [K: V], forKey key: StaticString) throws(V.BinaryEncodingFailure) {
        try encode(entries: values, forKey: key)
    }

    /// Nested values by their string keys, written in the order of `entries` (an ordered
    /// dictionary's, say) as a dictionary of them is.
    public mutating func encode<K: BinaryStringKey, V: BinaryEncodable>(
        entries: some Sequence<(key: K, value: V)>, forKey key: StaticString
    ) throws(V.BinaryEncodingFailure) {
        try encodeNested(forKey: key) { (dictionary: inout BinaryKeyedWriter) throws(V.BinaryEncodingFailure) in
            try dictionary.encodeEntries(entries)
        }
    }

    /// Writes `entries` into this container, each an entry: its key, then its value nested.
    fileprivate mutating func encodeEntries<K: BinaryStringKey, V: BinaryEncodable>(
        _ entries: some Sequence<(key: K, value: V)>
    ) throws(V.BinaryEncodingFailure) {
        for (key, value) in entries { try encodeEntry(key, value) }
    }

    /// Writes one entry of this container: `key`, then `value` nested.
    fileprivate mutating func encodeEntry<K: BinaryStringKey, V: BinaryEncodable>(_ key: K, _ value: V) throws(V.BinaryEncodingFailure) {
        begin(key)
        try region { (bytes: inout _ByteWriter) throws(V.BinaryEncodingFailure) in
            try Self.keyed(&bytes) { (writer: inout BinaryKeyedWriter) throws(V.BinaryEncodingFailure) in try value.encode(to: &writer) }
        }
    }

    /// Strings by their string keys.
    public mutating func encode<K: BinaryStringKey>(_ values: [K: String], forKey key: StaticString) {
        encodeNested(forKey: key) { dictionary in
            for (key, value) in values {
                dictionary.begin(key)
                Self.region(of: value, into: &dictionary.bytes)
            }
        }
    }

    /// Integers by their string keys (each a zigzag varint, as `Codable` writes an `Int`).
    public mutating func encode<K: BinaryStringKey>(_ values: [K: Int], forKey key: StaticString) {
        encodeNested(forKey: key) { dictionary in
            for (key, value) in values {
                dictionary.begin(key)
                let zigzag = _zigzag(Int64(value))
                dictionary.bytes.byte(UInt8(truncatingIfNeeded: _varintSize(zigzag)))
                dictionary.bytes.varint(zigzag)
            }
        }
    }

    /// Integers by `Int64` keys, as `Codable` writes such a dictionary: an unkeyed container of its
    /// keys and values in turn (zigzag varints), in the dictionary's order.
    public mutating func encode<V: FixedWidthInteger & SignedInteger>(_ values: [Int64: V], forKey key: StaticString) {
        begin(key)
        region { bytes in
            bytes.varint(UInt64(values.count * 2))
            for (key, value) in values {
                bytes.signed(key)
                bytes.signed(Int64(value))
            }
        }
    }

    /// Instants by their string keys (each an unkeyed container of length-prefixed milliseconds).
    public mutating func encode<K: BinaryStringKey>(_ values: [K: [Instant]], forKey key: StaticString) {
        encodeNested(forKey: key) { dictionary in
            for (key, instants) in values {
                dictionary.begin(key)
                dictionary.region { bytes in
                    bytes.varint(UInt64(instants.count))
                    for instant in instants {
                        let milliseconds = _zigzag(instant.millisecondsSinceEpoch)
                        bytes.varint(UInt64(_varintSize(milliseconds)))
                        bytes.varint(milliseconds)
                    }
                }
            }
        }
    }
}

/// A dictionary of nested values by string keys writes itself without `Codable` too, also as a
/// whole state (a projection whose state is such a dictionary, which a snapshot then streams in
/// chunks instead of encoding whole).
extension Dictionary: BinaryEncodable where Key: BinaryStringKey, Value: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) throws(Value.BinaryEncodingFailure) {
        try writer.encodeEntries(self)
    }
}

/// Entries that encode as a dictionary of them does (a keyed container, in the order given),
/// without the dictionary: each value is encoded where it already is, not copied into one.
///
/// For a projection whose state is such a dictionary but whose values live elsewhere (an array
/// of per-entity states, say): a snapshot of the view has the state's bytes (see
/// ``SnapshotStore/prepareSnapshot(of:encodedAs:at:)``). Keys must be distinct.
public struct BinaryKeyedEntries<Key: BinaryStringKey, Value: BinaryEncodable>: BinaryEncodable {
    /// Calls its argument with each entry, in order.
    private let forEach: ((Key, Value) -> Void) -> Void

    /// The entries `forEach` hands its argument, in order.
    public init(_ forEach: @escaping ((Key, Value) -> Void) -> Void) {
        self.forEach = forEach
    }

    public func encode(to writer: inout BinaryKeyedWriter) throws(Value.BinaryEncodingFailure) {
        var failure: Value.BinaryEncodingFailure?
        forEach { key, value in
            guard failure == nil else { return }
            do throws(Value.BinaryEncodingFailure) { try writer.encodeEntry(key, value) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Through `Codable`: as the dictionary of the entries.
    public func encode(to encoder: any Encoder) throws {
        var dictionary: [Key: Value] = [:]
        forEach { key, value in dictionary[key] = value }
        try dictionary.encode(to: encoder)
    }
}
