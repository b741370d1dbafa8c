import Foundation

struct _UnkeyedEnc: UnkeyedEncodingContainer {
    let state: _EncState
    let index: Int
    let id: Int
    let ref: _PathRef

    var codingPath: [any CodingKey] { ref.resolve(state.path) }

    var count: Int {
        guard index >= 0, index < state.frames.count, state.frames[index].id == id else { return 0 }
        return state.frames[index].count
    }

    @inline(__always)
    private func begin() throws {
        try state.enter(index, id, ref)
    }

    mutating func encodeNil() throws {
        try begin()
        state.writer.byte(0)
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        state.writer.byte(value ? 1 : 0)
    }

    mutating func encode(_ value: String) throws {
        try begin()
        state.writer.string(value)
    }

    mutating func encode(_ value: Double) throws {
        try begin()
        state.writer.double(value)
    }

    mutating func encode(_ value: Float) throws {
        try begin()
        state.writer.float(value)
    }

    mutating func encode(_ value: Int) throws {
        try begin()
        state.writer.signed(Int64(value))
    }

    mutating func encode(_ value: Int8) throws {
        try begin()
        state.writer.signed(Int64(value))
    }

    mutating func encode(_ value: Int16) throws {
        try begin()
        state.writer.signed(Int64(value))
    }

    mutating func encode(_ value: Int32) throws {
        try begin()
        state.writer.signed(Int64(value))
    }

    mutating func encode(_ value: Int64) throws {
        try begin()
        state.writer.signed(value)
    }

    mutating func encode(_ value: UInt) throws {
        try begin()
        state.writer.varint(UInt64(value))
    }

    mutating func encode(_ value: UInt8) throws {
        try begin()
        state.writer.varint(UInt64(value))
    }

    mutating func encode(_ value: UInt16) throws {
        try begin()
        state.writer.varint(UInt64(value))
    }

    mutating func encode(_ value: UInt32) throws {
        try begin()
        state.writer.varint(UInt64(value))
    }

    mutating func encode(_ value: UInt64) throws {
        try begin()
        state.writer.varint(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        if let kind = _Builtin(T.self) {
            state.writer.builtin(kind, value)
            return
        }
        try lengthPrefixed(value)
    }

    /// The element as its varint byte length and region.
    private func lengthPrefixed<T: Encodable>(_ value: T) throws {
        let placeholder = state.writer.placeholder()
        try state.encodeValue(value, ref, _BinaryKey.index(state.frames[index].count &- 1))
        state.writer.patchLength(at: placeholder)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (index, id) = openNested(keyed: true)
        return KeyedEncodingContainer(_KeyedEnc<NestedKey>(state: state, index: index, id: id, ref: ref.appending(elementKey)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (index, id) = openNested(keyed: false)
        return _UnkeyedEnc(state: state, index: index, id: id, ref: ref.appending(elementKey))
    }

    /// The key of the element just started.
    private var elementKey: _BinaryKey { .index(Swift.max(count &- 1, 0)) }

    private func openNested(keyed: Bool) -> (Int, Int) {
        guard state.tryEnter(index, id, ref) else { return (-1, -1) }
        state.openPending(index)
        return state.push(slot: 0, keyed: keyed)
    }

    mutating func superEncoder() -> any Encoder {
        guard state.tryEnter(index, id, ref) else { return _Encoder(state: state, slot: -1, start: -1) }
        state.openPending(index)
        return state.superEncoder(ref, elementKey)
    }
}
