/// Unsigned LEB128 varints, seven bits a byte, low bits first (sizes and deltas in compact byte
/// layouts: packed strings, account records, the log's run index).
public enum LEB128 {
    /// The bytes of `value`, in order.
    @inlinable
    public static func forEachByte(of value: UInt, _ body: (UInt8) -> Void) {
        var value = value
        while value >= 0x80 {
            body(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        body(UInt8(value))
    }

    /// Appends the bytes of `value` to `bytes`.
    @inlinable
    public static func append(_ value: UInt, to bytes: inout some RangeReplaceableCollection<UInt8>) {
        forEachByte(of: value) { bytes.append($0) }
    }

    /// Appends the bytes of `value` to an array in one append (each append of an array checks
    /// that its storage is not shared, a call into the runtime).
    @inlinable
    public static func append(_ value: UInt, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumSize) { buffer in
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<store(value, at: buffer.baseAddress!)]))
        }
    }

    /// The most bytes a value takes.
    @inlinable public static var maximumSize: Int { 10 }

    /// Writes the bytes of `value` from `pointer` on; returns how many it wrote (at most ``maximumSize``).
    @inlinable
    public static func store(_ value: UInt, at pointer: UnsafeMutablePointer<UInt8>) -> Int {
        var value = value, count = 0
        while value >= 0x80 {
            pointer[count] = UInt8(truncatingIfNeeded: value) | 0x80
            value >>= 7
            count += 1
        }
        pointer[count] = UInt8(truncatingIfNeeded: value)
        return count + 1
    }

    /// The number of bytes of `value`.
    @inlinable
    public static func size(of value: UInt) -> Int {
        var size = 1, value = value
        while value >= 0x80 { value >>= 7; size += 1 }
        return size
    }

    /// The varint at `position` of `bytes`, moving past it; `nil` if it runs past the end or past 64 bits.
    @inlinable
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> UInt? {
        var value: UInt = 0, shift: UInt = 0, cursor = position
        while cursor < bytes.count {
            let byte = bytes[cursor]
            cursor += 1
            guard shift < 63 || (shift == 63 && byte <= 1) else { return nil }
            value |= UInt(byte & 0x7F) << shift
            if byte < 0x80 {
                position = cursor
                return value
            }
            shift += 7
        }
        return nil
    }

    /// The bytes a varint length at `position` of `bytes` prefixes, moving past both; `nil` if
    /// either runs past the end.
    @inlinable
    public static func readPrefixed(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> UnsafeBufferPointer<UInt8>? {
        var cursor = position
        guard let length = read(bytes, at: &cursor), length <= UInt(bytes.count - cursor) else { return nil }
        position = cursor + Int(length)
        return UnsafeBufferPointer(rebasing: bytes[cursor..<position])
    }
}
