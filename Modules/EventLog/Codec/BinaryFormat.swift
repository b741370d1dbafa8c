import Foundation

// The binary `Codable` format of ``BinaryEncoder`` and ``BinaryDecoder``.
//
// Every value occupies a *region* of bytes whose extent the reader always knows: the
// whole input at the top level, the length-prefixed value of a keyed entry, or the
// length-prefixed element of an unkeyed container. A single value container's value
// fills its region; built-in scalars are also self-delimiting.
//
// Scalars (the "built-in" types, also when reached through a generic `encode<T>`):
// - `Bool`: one byte, 0 or 1.
// - `Int`, `Int8` … `Int64`: zigzag, then unsigned LEB128 (at most 10 bytes).
// - `UInt`, `UInt8` … `UInt64`: unsigned LEB128.
// - `Float`, `Double`: the IEEE 754 bit pattern, little-endian (4 and 8 bytes).
// - `String`: varint byte length, then UTF-8.
// - `[UInt8]`, `Data`: varint byte length, then the bytes.
// - `Date`: `timeIntervalSinceReferenceDate` as a `Double` (the same bytes as `Date`'s
//   own `Codable` conformance).
// - `UUID`: its 16 bytes.
//
// Nil is the empty region. Every position where a nil can appear already has a length
// prefix (a keyed entry's value length, an unkeyed element's length), so a nil costs no
// extra byte, and it cannot be confused with a present value: every present value is
// at least one byte. (This plays the role of a 1-byte presence tag without the byte.)
// `encodeIfPresent(nil, forKey:)` writes the key with an empty value, so the reader's
// in-order lookup still hits; `decodeIfPresent` returns nil for an empty value and for
// a missing key. A value whose `encode(to:)` requests no container is written as the
// single byte 0 (an empty container), so it is not read back as nil.
//
// Keyed container: varint entry count, then per entry the key (varint length + UTF-8 of
// `stringValue`), the varint byte length of the value, and the value's region. Entries
// keep their encoding order; readers look keys up in that order first (the synthesized
// `Codable` case) and fall back to a search, so extra and missing keys are tolerated.
// `superEncoder()` is the entry "super"; `superEncoder(forKey:)` the entry of that key.
//
// Unkeyed container: varint element count, then the elements. Built-in scalars are
// written as is. Every other element (a value with its own `encode(to:)`, including
// `Optional`, a nested container, a `superEncoder()`) is its varint byte length and its
// region, so a reader can always find the next element; `encodeNil()` is the empty
// element (the byte 0). `decodeIfPresent` and `decode(Optional<T>.self)` read that
// length-prefixed form. `decodeNil()` checks for an empty element, so it is reliable
// before length-prefixed elements, not before a built-in scalar whose encoding starts
// with a 0 byte (write such optionals as `Optional` values instead).

// MARK: - Coding keys

/// The coding key of unkeyed elements and `super` entries.
///
/// An enum so that an element key costs no allocation (its `stringValue` is only built
/// when asked for) and fits an existential's inline buffer.
enum _BinaryKey: CodingKey {
    /// Element `index` of an unkeyed container ("Index 3").
    case index(Int)
    /// A key made from an integer ("3").
    case int(Int)
    case name(String)

    init(stringValue: String) {
        self = .name(stringValue)
    }

    init(intValue: Int) {
        self = .int(intValue)
    }

    var stringValue: String {
        switch self {
        case .index(let index): "Index \(index)"
        case .int(let value): String(value)
        case .name(let name): name
        }
    }

    var intValue: Int? {
        switch self {
        case .index(let value), .int(let value): value
        case .name: nil
        }
    }

    /// The key `superEncoder()` and `superDecoder()` use.
    static let `super` = _BinaryKey.name("super")
}

// MARK: - Varints

@inline(__always)
func _zigzag(_ value: Int64) -> UInt64 {
    UInt64(bitPattern: (value &<< 1) ^ (value &>> 63))
}

@inline(__always)
func _unzigzag(_ value: UInt64) -> Int64 {
    Int64(bitPattern: value &>> 1) ^ -Int64(bitPattern: value & 1)
}

/// The number of bytes of `value` as LEB128.
@inline(__always)
func _varintSize(_ value: UInt64) -> Int {
    value < 0x80 ? 1 : (70 &- value.leadingZeroBitCount) / 7
}

// MARK: - Built-in types

/// The types with a built-in encoding (see the format notes above).
enum _Builtin {
    case string, bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64
    case float, double, date, uuid, data, bytes

    /// The built-in kind of `T`, if any. Metatype comparisons only: no dynamic casts.
    @inline(__always)
    init?<T>(_ type: T.Type) {
        let id = ObjectIdentifier(type)
        if id == ObjectIdentifier(String.self) {
            self = .string
        } else if id == ObjectIdentifier(Int.self) {
            self = .int
        } else if id == ObjectIdentifier(Double.self) {
            self = .double
        } else if id == ObjectIdentifier(Bool.self) {
            self = .bool
        } else if id == ObjectIdentifier(Int64.self) {
            self = .int64
        } else if id == ObjectIdentifier(UInt64.self) {
            self = .uint64
        } else if id == ObjectIdentifier(Int32.self) {
            self = .int32
        } else if id == ObjectIdentifier(UInt32.self) {
            self = .uint32
        } else if id == ObjectIdentifier(UInt8.self) {
            self = .uint8
        } else if id == ObjectIdentifier(Int16.self) {
            self = .int16
        } else if id == ObjectIdentifier(UInt16.self) {
            self = .uint16
        } else if id == ObjectIdentifier(Int8.self) {
            self = .int8
        } else if id == ObjectIdentifier(UInt.self) {
            self = .uint
        } else if id == ObjectIdentifier(Float.self) {
            self = .float
        } else if let kind = _foundationBuiltins.kind(of: id) {
            self = kind
        } else {
            return nil
        }
    }
}

/// The identities of the built-in types whose metadata is not a constant (looking up
/// `[UInt8].self` calls into the runtime every time), computed once.
private struct _FoundationBuiltins: Sendable {
    let date = ObjectIdentifier(Date.self)
    let uuid = ObjectIdentifier(UUID.self)
    let data = ObjectIdentifier(Data.self)
    let bytes = ObjectIdentifier([UInt8].self)

    @inline(__always)
    func kind(of id: ObjectIdentifier) -> _Builtin? {
        if id == date { return .date }
        if id == uuid { return .uuid }
        if id == data { return .data }
        if id == bytes { return .bytes }
        return nil
    }
}

private let _foundationBuiltins = _FoundationBuiltins()

/// Reinterprets `value` as `U`; callers have checked that `T` is `U`.
@inline(__always)
func _cast<T, U>(_ value: T, to: U.Type) -> U {
    unsafeBitCast(value, to: U.self)
}
