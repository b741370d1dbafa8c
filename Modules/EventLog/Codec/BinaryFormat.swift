import Foundation
import PlatformKit

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

// MARK: - Coding paths

/// The live coding path of an encode or decode: the keys of the nested `encode(to:)` /
/// `init(from:)` calls in progress.
///
/// The first levels are stored inline so that shallow values (the common event) push and
/// pop without allocating; paths are only materialized as arrays when asked for.
struct _PathStack {
    private(set) var count = 0
    private var key0: (any CodingKey)?
    private var key1: (any CodingKey)?
    private var overflow: [any CodingKey] = []

    init() {}

    init(_ keys: [any CodingKey]) {
        for key in keys { push(key) }
    }

    @inline(__always)
    mutating func push(_ key: some CodingKey) {
        switch count {
        case 0: key0 = key
        case 1: key1 = key
        default: overflow.append(key)
        }
        count &+= 1
    }

    @inline(__always)
    mutating func pop() {
        count &-= 1
        if count >= 2 { overflow.removeLast() }
    }

    /// The first `length` keys.
    func prefix(_ length: Int) -> [any CodingKey] {
        let length = Swift.min(length, count)
        var keys: [any CodingKey] = []
        keys.reserveCapacity(length)
        if length > 0, let key0 { keys.append(key0) }
        if length > 1, let key1 { keys.append(key1) }
        if length > 2 { keys += overflow.prefix(length &- 2) }
        return keys
    }

    var keys: [any CodingKey] { prefix(count) }
}

/// A coding path relative to the live path: its first `prefix` keys, then `tail`.
struct _PathRef {
    var prefix: Int
    var tail: [any CodingKey]

    static let root = _PathRef(prefix: 0, tail: [])

    /// Whether this is exactly the live path of depth `count` (the common case).
    @inline(__always)
    func isLive(depth count: Int) -> Bool {
        prefix == count && tail.isEmpty
    }

    func resolve(_ live: _PathStack) -> [any CodingKey] {
        live.prefix(prefix) + tail
    }

    func appending(_ key: any CodingKey) -> _PathRef {
        _PathRef(prefix: prefix, tail: tail + [key])
    }
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

// MARK: - Writing

/// A growable byte buffer with unchecked appends and in-place length patching.
///
/// Lengths and counts that are only known after their content is written get a one-byte
/// placeholder that ``patch(at:value:)`` fills in, moving the content when the varint
/// needs more than one byte.
///
/// The storage comes from `malloc`, so growing it is a `realloc`: a large buffer (a snapshot of
/// a big state) moves by remapping its pages, not by copying them, and the old and the new
/// buffer are never resident together.
///
/// Encoding in chunks (``chunks`` set, see `ChunkedEncoding.swift`), the buffer holds only the
/// bytes after the first ``flushed`` ones, which were handed on (a gap counted as its bytes once
/// it is filled); positions stay those in the whole encoding.
struct _ByteWriter {
    private(set) var base: UnsafeMutableRawPointer
    /// The bytes in `base`.
    var count = 0
    private var capacity: Int
    /// The chunked encoding this writer is part of, if any.
    var chunks: _ChunkedOutput?
    /// Bytes of the encoding handed on before `base`'s (always 0 outside chunked encoding).
    var flushed = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        self.base = Self.resized(nil, to: self.capacity)
    }

    /// Frees the storage; the writer must not be used afterwards.
    func deallocate() {
        free(base)
    }

    /// The bytes written, valid until the writer changes or is deallocated.
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
    }

    /// The bytes written as `Data` that owns the storage (shrunk to fit, not copied); the
    /// writer is left empty.
    mutating func takeData() -> Data {
        let (taken, count) = (Self.resized(base, to: Swift.max(count, 1)), count)
        (base, self.count, capacity) = (Self.resized(nil, to: 16), 0, 16)
        return Data(bytesNoCopy: taken, count: count, deallocator: .free)
    }

    /// A copy of the bytes written.
    ///
    /// Copied as a collection: its array is allocated by code specialized for `UInt8` here, while
    /// `Array(unsafeUninitializedCapacity:)` allocates through the standard library's generic
    /// entry point, which looks the storage class's metadata up at run time (~500 instructions,
    /// once per encoded event).
    func makeArray() -> [UInt8] {
        Array(bytes)
    }

    @inline(__always)
    mutating func reserve(_ bytes: Int) {
        if _slowPath(capacity &- count < bytes) { grow(bytes) }
    }

    @inline(never)
    private mutating func grow(_ bytes: Int) {
        var newCapacity = capacity &* 2
        while newCapacity &- count < bytes { newCapacity &*= 2 }
        base = Self.resized(base, to: newCapacity)
        capacity = newCapacity
    }

    /// `realloc`: like `UnsafeMutableRawPointer.allocate`, running out of memory ends the process.
    private static func resized(_ pointer: UnsafeMutableRawPointer?, to capacity: Int) -> UnsafeMutableRawPointer {
        guard let resized = realloc(pointer, capacity) else { preconditionFailure("out of memory (\(capacity) bytes)") }
        return resized
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        reserve(1)
        base.storeBytes(of: value, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    @inline(__always)
    mutating func varint(_ value: UInt64) {
        reserve(10)
        count = Self.storeVarint(value, base + count) - base
    }

    /// Stores `value` as LEB128 at `pointer`; returns the address after it.
    @inline(__always)
    static func storeVarint(_ value: UInt64, _ pointer: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        var value = value
        var pointer = pointer
        while value >= 0x80 {
            pointer.storeBytes(of: UInt8(truncatingIfNeeded: value) | 0x80, as: UInt8.self)
            value &>>= 7
            pointer += 1
        }
        pointer.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
        return pointer + 1
    }

    @inline(__always)
    mutating func signed(_ value: Int64) {
        varint(_zigzag(value))
    }

    @inline(__always)
    mutating func raw(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        if bytes.count <= 16 {
            Self.copySmall(source, to: base + count, count: bytes.count)
        } else {
            (base + count).copyMemory(from: source, byteCount: bytes.count)
        }
        count &+= bytes.count
    }

    /// Copies 1 to 16 bytes by two overlapping loads and stores, without a call to `memcpy`: most
    /// of an encoding's copies are keys and short strings.
    @inline(__always)
    private static func copySmall(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        if count >= 8 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        } else {
            target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
            if count > 1 {
                let tail = source.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
                target.storeBytes(of: tail, toByteOffset: count &- 2, as: UInt16.self)
            }
        }
    }

    /// Varint length, then the bytes.
    @inline(__always)
    mutating func lengthPrefixed(_ bytes: UnsafeRawBufferPointer) {
        varint(UInt64(bytes.count))
        raw(bytes)
    }

    @inline(__always)
    mutating func string(_ value: String) {
        value.withUTF8InPlace { lengthPrefixed(UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    mutating func float(_ value: Float) {
        reserve(4)
        base.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: count, as: UInt32.self)
        count &+= 4
    }

    @inline(__always)
    mutating func double(_ value: Double) {
        reserve(8)
        base.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: count, as: UInt64.self)
        count &+= 8
    }

    /// A one-byte placeholder for a varint written later with ``patch(at:value:)``.
    @inline(__always)
    mutating func placeholder() -> Int {
        if _slowPath(chunks != nil) { return chunkedPlaceholder() }
        byte(0)
        return count &- 1
    }

    /// Fills the placeholder at `position` with the number of bytes written after it.
    @inline(__always)
    mutating func patchLength(at position: Int) {
        patch(at: position, value: UInt64(flushed &+ count &- position &- 1))
    }

    /// Fills the placeholder at `position` with `value`, moving what follows if needed.
    @inline(__always)
    mutating func patch(at position: Int, value: UInt64) {
        if _slowPath(chunks != nil) { return chunkedPatch(at: position, value: value) }
        patchInBuffer(at: position, value: value)
    }

    /// Fills the placeholder at offset `position` of `base`.
    @inline(__always)
    mutating func patchInBuffer(at position: Int, value: UInt64) {
        if _fastPath(value < 0x80) {
            base.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: position, as: UInt8.self)
        } else {
            patchWide(at: position, value: value)
        }
    }

    @inline(never)
    private mutating func patchWide(at position: Int, value: UInt64) {
        let extra = _varintSize(value) &- 1
        reserve(extra)
        let tail = count &- position &- 1
        memmove(base + position + 1 + extra, base + position + 1, tail)
        count &+= extra
        _ = Self.storeVarint(value, base + position)
    }

    /// Writes `value`, whose type is built in as `kind`.
    @inline(__always)
    mutating func builtin<T>(_ kind: _Builtin, _ value: T) {
        switch kind {
        case .string: string(_cast(value, to: String.self))
        case .bool: byte(_cast(value, to: Bool.self) ? 1 : 0)
        case .int: signed(Int64(_cast(value, to: Int.self)))
        case .int8: signed(Int64(_cast(value, to: Int8.self)))
        case .int16: signed(Int64(_cast(value, to: Int16.self)))
        case .int32: signed(Int64(_cast(value, to: Int32.self)))
        case .int64: signed(_cast(value, to: Int64.self))
        case .uint: varint(UInt64(_cast(value, to: UInt.self)))
        case .uint8: varint(UInt64(_cast(value, to: UInt8.self)))
        case .uint16: varint(UInt64(_cast(value, to: UInt16.self)))
        case .uint32: varint(UInt64(_cast(value, to: UInt32.self)))
        case .uint64: varint(_cast(value, to: UInt64.self))
        case .float: float(_cast(value, to: Float.self))
        case .double: double(_cast(value, to: Double.self))
        case .date: double(_cast(value, to: Date.self).timeIntervalSinceReferenceDate)
        case .uuid:
            var uuid = _cast(value, to: UUID.self).uuid
            withUnsafeBytes(of: &uuid) { raw($0) }
        case .data:
            _cast(value, to: Data.self).withUnsafeBytes { lengthPrefixed($0) }
        case .bytes:
            _cast(value, to: [UInt8].self).withUnsafeBytes { lengthPrefixed($0) }
        }
    }
}

// MARK: - Reading

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

// MARK: - Path tracking

/// An encoder's or decoder's state that tracks the live coding path.
protocol _PathTracking: AnyObject {
    var path: _PathStack { get set }
}

extension _PathTracking {
    /// Runs `body` with the live path set to `ref` + `key`.
    @inline(__always)
    func nested<R, K: CodingKey>(_ ref: _PathRef, _ key: K, _ body: () throws -> R) rethrows -> R {
        if _fastPath(ref.isLive(depth: path.count)) {
            path.push(key)
            defer { path.pop() }
            return try body()
        }
        return try nestedSlow(ref, key, body)
    }

    /// Runs `body` with the live path set to `ref`.
    @inline(__always)
    func nested<R>(_ ref: _PathRef, _ body: () throws -> R) rethrows -> R {
        if _fastPath(ref.isLive(depth: path.count)) { return try body() }
        return try nestedSlow(ref, nil, body)
    }

    func nestedSlow<R>(_ ref: _PathRef, _ key: (any CodingKey)?, _ body: () throws -> R) rethrows -> R {
        let saved = path
        path = _PathStack(ref.resolve(saved))
        if let key { path.push(key) }
        defer { path = saved }
        return try body()
    }
}
