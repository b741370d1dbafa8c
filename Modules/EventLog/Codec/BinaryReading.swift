import Foundation
import PlatformKit

/// Why bytes do not decode; turned into a `DecodingError` with the coding path.
enum _DecodeFailure: Error {
    case truncated
    case varintOverflow
    case lengthPastEnd
    case invalidUTF8
    case invalidBool(UInt8)
    case outOfRange(UInt64, signed: Bool)
    /// The value's region (of this many bytes) does not hold the requested type.
    case sizeMismatch(Int)
    case nilValue
    case trailingBytes(Int)
    case countTooLarge(UInt64)

    var message: String {
        switch self {
        case .truncated: "Unexpected end of data."
        case .varintOverflow: "Malformed varint: longer than 64 bits."
        case .lengthPastEnd: "Length prefix points past the end of the data."
        case .invalidUTF8: "String is not valid UTF-8."
        case .invalidBool(let byte): "Bool byte \(byte) is neither 0 nor 1."
        case .outOfRange(let raw, let signed):
            "Number \(signed ? String(_unzigzag(raw)) : String(raw)) does not fit the requested type."
        case .sizeMismatch(let bytes):
            "The value's \(bytes) bytes are not an encoding of this type."
        case .nilValue: "Found nil instead of a value."
        case .trailingBytes(let count): "\(count) unexpected trailing bytes."
        case .countTooLarge(let count): "Element count \(count) exceeds the remaining data."
        }
    }
}

/// Reads from `base[position..<end]`; every function checks bounds and throws instead of trapping.
enum _Read {
    @inline(__always)
    static func byte(_ base: UnsafeRawPointer, _ position: inout Int, _ end: Int) throws(_DecodeFailure) -> UInt8 {
        guard position < end else { throw .truncated }
        let value = base.load(fromByteOffset: position, as: UInt8.self)
        position &+= 1
        return value
    }

    @inline(__always)
    static func varint(_ base: UnsafeRawPointer, _ position: inout Int, _ end: Int) throws(_DecodeFailure) -> UInt64 {
        guard position < end else { throw .truncated }
        let first = base.load(fromByteOffset: position, as: UInt8.self)
        if _fastPath(first < 0x80) {
            position &+= 1
            return UInt64(first)
        }
        if position &+ 1 < end {
            let second = base.load(fromByteOffset: position &+ 1, as: UInt8.self)
            if second < 0x80 {
                position &+= 2
                return UInt64(first & 0x7F) | UInt64(second) &<< 7
            }
            if position &+ 2 < end {
                let third = base.load(fromByteOffset: position &+ 2, as: UInt8.self)
                if third < 0x80 {
                    position &+= 3
                    return UInt64(first & 0x7F) | UInt64(second & 0x7F) &<< 7 | UInt64(third) &<< 14
                }
            }
        }
        return try varintSlow(base, &position, end)
    }

    @inline(never)
    static func varintSlow(_ base: UnsafeRawPointer, _ position: inout Int, _ end: Int) throws(_DecodeFailure) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        var cursor = position
        while true {
            guard cursor < end else { throw .truncated }
            let byte = base.load(fromByteOffset: cursor, as: UInt8.self)
            cursor &+= 1
            // The tenth byte carries the 64th bit only.
            if shift == 63 && byte > 1 { throw .varintOverflow }
            result |= UInt64(byte & 0x7F) &<< shift
            if byte < 0x80 {
                position = cursor
                return result
            }
            shift &+= 7
        }
    }

    /// A varint from a region already validated by a walk (keyed entry tables).
    @inline(__always)
    static func varintUnchecked(_ base: UnsafeRawPointer, _ position: inout Int) -> Int {
        let first = base.load(fromByteOffset: position, as: UInt8.self)
        position &+= 1
        if _fastPath(first < 0x80) { return Int(first) }
        var result = Int(first & 0x7F)
        var shift = 7
        while true {
            let byte = base.load(fromByteOffset: position, as: UInt8.self)
            position &+= 1
            result |= Int(byte & 0x7F) &<< shift
            if byte < 0x80 { return result }
            shift &+= 7
        }
    }

    /// A varint length that must fit in the rest of the region.
    @inline(__always)
    static func length(_ base: UnsafeRawPointer, _ position: inout Int, _ end: Int) throws(_DecodeFailure) -> Int {
        let length = try varint(base, &position, end)
        guard length <= UInt64(end &- position) else { throw .lengthPastEnd }
        return Int(length)
    }

    /// The keyed container at `start..<end`: where its first entry starts and how many there
    /// are. Validates the whole entry table once, so look-ups may then read it unchecked.
    static func keyedEntries(_ base: UnsafeRawPointer, _ start: Int, _ end: Int) throws(_DecodeFailure) -> (first: Int, count: Int) {
        var position = start
        let raw = try varint(base, &position, end)
        guard raw <= UInt64(end &- position) / 2 else { throw .countTooLarge(raw) }
        var cursor = position
        for _ in 0..<raw {
            cursor &+= try length(base, &cursor, end)
            cursor &+= try length(base, &cursor, end)
        }
        guard cursor == end else { throw .trailingBytes(end &- cursor) }
        return (position, Int(raw))
    }

    @inline(__always)
    static func string(_ base: UnsafeRawPointer, _ position: inout Int, _ end: Int) throws(_DecodeFailure) -> String {
        let length = try length(base, &position, end)
        let bytes = UnsafeBufferPointer(start: (base + position).assumingMemoryBound(to: UInt8.self), count: length)
        guard let string = UTF8Bytes.string(bytes) else { throw .invalidUTF8 }
        position &+= length
        return string
    }

    @inline(__always)
    static func bool(_ base: UnsafeRawPointer, _ position: inout Int, _ end: Int) throws(_DecodeFailure) -> Bool {
        switch try byte(base, &position, end) {
        case 0: return false
        case 1: return true
        case let other: throw .invalidBool(other)
        }
    }

    @inline(__always)
    static func signed<I: FixedWidthInteger & SignedInteger>(
        _: I.Type, _ base: UnsafeRawPointer, _ position: inout Int, _ end: Int
    ) throws(_DecodeFailure) -> I {
        let raw = try varint(base, &position, end)
        guard let value = I(exactly: _unzigzag(raw)) else { throw .outOfRange(raw, signed: true) }
        return value
    }

    @inline(__always)
    static func unsigned<U: FixedWidthInteger & UnsignedInteger>(
        _: U.Type, _ base: UnsafeRawPointer, _ position: inout Int, _ end: Int
    ) throws(_DecodeFailure) -> U {
        let raw = try varint(base, &position, end)
        guard let value = U(exactly: raw) else { throw .outOfRange(raw, signed: false) }
        return value
    }

    @inline(__always)
    static func float(_ base: UnsafeRawPointer, _ position: inout Int, _ end: Int) throws(_DecodeFailure) -> Float {
        guard end &- position >= 4 else { throw .truncated }
        let bits = base.loadUnaligned(fromByteOffset: position, as: UInt32.self)
        position &+= 4
        return Float(bitPattern: UInt32(littleEndian: bits))
    }

    @inline(__always)
    static func double(_ base: UnsafeRawPointer, _ position: inout Int, _ end: Int) throws(_DecodeFailure) -> Double {
        guard end &- position >= 8 else { throw .truncated }
        let bits = base.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        position &+= 8
        return Double(bitPattern: UInt64(littleEndian: bits))
    }

    /// A length-prefixed byte string.
    @inline(__always)
    static func bytes(_ base: UnsafeRawPointer, _ position: inout Int, _ end: Int) throws(_DecodeFailure) -> UnsafeRawBufferPointer {
        let length = try length(base, &position, end)
        defer { position &+= length }
        return UnsafeRawBufferPointer(start: base + position, count: length)
    }

    static func uuid(_ base: UnsafeRawPointer, _ position: inout Int, _ end: Int) throws(_DecodeFailure) -> UUID {
        guard end &- position >= 16 else { throw .truncated }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base + position, count: 16)) }
        position &+= 16
        return UUID(uuid: uuid)
    }

    /// A value of built-in `kind`, as `T` (which is that kind's type).
    @inline(__always)
    static func builtin<T>(
        _ kind: _Builtin, as _: T.Type, _ base: UnsafeRawPointer, _ position: inout Int, _ end: Int
    ) throws(_DecodeFailure) -> T {
        switch kind {
        case .string: return _cast(try string(base, &position, end), to: T.self)
        case .bool: return _cast(try bool(base, &position, end), to: T.self)
        case .int: return _cast(try signed(Int.self, base, &position, end), to: T.self)
        case .int8: return _cast(try signed(Int8.self, base, &position, end), to: T.self)
        case .int16: return _cast(try signed(Int16.self, base, &position, end), to: T.self)
        case .int32: return _cast(try signed(Int32.self, base, &position, end), to: T.self)
        case .int64: return _cast(try signed(Int64.self, base, &position, end), to: T.self)
        case .uint: return _cast(try unsigned(UInt.self, base, &position, end), to: T.self)
        case .uint8: return _cast(try unsigned(UInt8.self, base, &position, end), to: T.self)
        case .uint16: return _cast(try unsigned(UInt16.self, base, &position, end), to: T.self)
        case .uint32: return _cast(try unsigned(UInt32.self, base, &position, end), to: T.self)
        case .uint64: return _cast(try unsigned(UInt64.self, base, &position, end), to: T.self)
        case .float: return _cast(try float(base, &position, end), to: T.self)
        case .double: return _cast(try double(base, &position, end), to: T.self)
        case .date: return _cast(Date(timeIntervalSinceReferenceDate: try double(base, &position, end)), to: T.self)
        case .uuid: return _cast(try uuid(base, &position, end), to: T.self)
        case .data: return _cast(Data(try bytes(base, &position, end)), to: T.self)
        case .bytes: return _cast([UInt8](try bytes(base, &position, end)), to: T.self)
        }
    }
}
