/// Checks of bytes from outside (a snapshot) before they are read as text.
public enum UTF8Bytes {
    /// Whether `bytes` are valid UTF-8 (as `String(validating:as:)` decides, without making a
    /// `String`): all ASCII is checked eight bytes at a time; any other text byte by byte against
    /// the well-formed byte sequences of the Unicode Standard (table 3-7): no overlong forms, no
    /// surrogates, nothing above U+10FFFF.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if isASCII(bytes) { return true }
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = base[index]
            if lead < 0x80 {
                index &+= 1
                continue
            }
            // Three bytes led by E1–EC or EE–EF (most non-ASCII text, e.g. the masks' U+2022):
            // both continuation bytes checked at once.
            if lead & 0xF0 == 0xE0, lead != 0xE0, lead != 0xED, index &+ 3 <= count {
                let continuation = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index &+ 1, as: UInt16.self)
                guard continuation & 0xC0C0 == 0x8080 else { return false }
                index &+= 3
                continue
            }
            let length = sequenceLength(lead)
            guard length > 0, index &+ length <= count, secondByteFits(lead, base[index &+ 1]) else { return false }
            if length > 2, base[index &+ 2] & 0xC0 != 0x80 { return false }
            if length > 3, base[index &+ 3] & 0xC0 != 0x80 { return false }
            index &+= length
        }
        return true
    }

    /// `bytes` as a `String` if they are valid UTF-8. Short ASCII text (most ids) is built in place
    /// without being validated again, which `String(decoding:as:)` would do.
    @inlinable
    public static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.count <= 15, isASCII(bytes) {
            return String(unsafeUninitializedCapacity: bytes.count) { $0.initialize(fromContentsOf: bytes) }
        }
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            // Non-generic validation: several times faster than `String(validating:as:)`.
            guard let utf8 = try? UTF8Span(validating: bytes.span) else { return nil }
            return String(copying: utf8)
        } else {
            return String(validating: bytes, as: UTF8.self)
        }
    }

    /// Whether every byte is below 0x80, eight at a time (most text is ASCII: its check is this
    /// loop alone).
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index &+ 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index &+= 8
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return false }
            index &+= 1
        }
        return true
    }

    /// The length of the sequence `lead` starts, or 0 if no sequence starts with it.
    @inline(__always)
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }

    /// Whether `second` may follow `lead`: a continuation byte, in the narrower range some leads need.
    @inline(__always)
    private static func secondByteFits(_ lead: UInt8, _ second: UInt8) -> Bool {
        switch lead {
        case 0xE0: (0xA0...0xBF).contains(second)
        case 0xED: (0x80...0x9F).contains(second)
        case 0xF0: (0x90...0xBF).contains(second)
        case 0xF4: (0x80...0x8F).contains(second)
        default: second & 0xC0 == 0x80
        }
    }
}

extension String {
    /// Calls `body` with the string's UTF-8, read in place: `withUTF8` needs a mutable copy,
    /// which counts a reference to the string's storage (a write to a cache line that another
    /// thread may hold). Only a string that is not contiguous (bridged) is copied.
    @inlinable
    package func withUTF8InPlace<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
