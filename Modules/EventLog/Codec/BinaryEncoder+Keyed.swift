import Foundation

struct _KeyedEnc<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: _EncState
    let index: Int
    let id: Int
    let ref: _PathRef

    var codingPath: [any CodingKey] { ref.resolve(state.path) }

    /// Starts an entry: its key.
    @inline(__always)
    private func begin(_ key: Key) throws {
        try state.enter(index, id, ref)
        let name = key.stringValue
        state.writer.string(name)
    }

    /// Starts an entry whose value is an integer.
    @inline(__always)
    private func varintEntry(_ value: UInt64, _ key: Key) throws {
        try begin(key)
        state.writer.byte(UInt8(truncatingIfNeeded: _varintSize(value)))
        state.writer.varint(value)
    }

    mutating func encodeNil(forKey key: Key) throws {
        try begin(key)
        state.writer.byte(0)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        state.writer.byte(1)
        state.writer.byte(value ? 1 : 0)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        BinaryKeyedWriter.region(of: value, into: &state.writer)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try begin(key)
        state.writer.byte(8)
        state.writer.double(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try begin(key)
        state.writer.byte(4)
        state.writer.float(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try varintEntry(_zigzag(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try varintEntry(_zigzag(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try varintEntry(_zigzag(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try varintEntry(_zigzag(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try varintEntry(_zigzag(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try varintEntry(UInt64(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try varintEntry(UInt64(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try varintEntry(UInt64(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try varintEntry(UInt64(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try varintEntry(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try begin(key)
        let placeholder = state.writer.placeholder()
        try state.encodeValue(value, ref, key)
        state.writer.patchLength(at: placeholder)
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let (index, id) = openNested(key, keyed: true)
        return KeyedEncodingContainer(_KeyedEnc<NestedKey>(state: state, index: index, id: id, ref: ref.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let (index, id) = openNested(key, keyed: false)
        return _UnkeyedEnc(state: state, index: index, id: id, ref: ref.appending(key))
    }

    private func openNested(_ key: Key, keyed: Bool) -> (Int, Int) {
        guard (try? begin(key)) != nil else { return (-1, -1) }
        state.openPending(index)
        return state.push(slot: 0, keyed: keyed)
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: _BinaryKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key)
    }

    private func superEncoder(named key: some CodingKey) -> any Encoder {
        guard state.tryEnter(index, id, ref) else { return _Encoder(state: state, slot: -1, start: -1) }
        state.writer.string(key.stringValue)
        state.openPending(index)
        return state.superEncoder(ref, key)
    }
}
