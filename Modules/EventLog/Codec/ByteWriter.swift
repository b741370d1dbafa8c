import Foundation
import PlatformKit

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
