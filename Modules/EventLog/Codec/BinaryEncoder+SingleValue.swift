import Foundation

struct _SingleEnc: SingleValueEncodingContainer {
    let state: _EncState
    let slot: Int
    let start: Int

    var codingPath: [any CodingKey] { state.codingPath(slot: slot) }

    mutating func encodeNil() throws {
        try state.claim(start, slot)
        state.nilAt = start
    }

    @inline(__always)
    private func write<T>(_ kind: _Builtin, _ value: T) throws {
        try state.claim(start, slot)
        state.writer.builtin(kind, value)
    }

    mutating func encode(_ value: Bool) throws { try write(.bool, value) }
    mutating func encode(_ value: String) throws { try write(.string, value) }
    mutating func encode(_ value: Double) throws { try write(.double, value) }
    mutating func encode(_ value: Float) throws { try write(.float, value) }
    mutating func encode(_ value: Int) throws { try write(.int, value) }
    mutating func encode(_ value: Int8) throws { try write(.int8, value) }
    mutating func encode(_ value: Int16) throws { try write(.int16, value) }
    mutating func encode(_ value: Int32) throws { try write(.int32, value) }
    mutating func encode(_ value: Int64) throws { try write(.int64, value) }
    mutating func encode(_ value: UInt) throws { try write(.uint, value) }
    mutating func encode(_ value: UInt8) throws { try write(.uint8, value) }
    mutating func encode(_ value: UInt16) throws { try write(.uint16, value) }
    mutating func encode(_ value: UInt32) throws { try write(.uint32, value) }
    mutating func encode(_ value: UInt64) throws { try write(.uint64, value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try state.claim(start, slot)
        try state.encodeValue(value, state.pathRef(slot: slot))
    }
}
