/// Checks of bytes from outside (a snapshot) before they are read as text.
enum UTF8Bytes {
    /// Whether `bytes` are valid UTF-8.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if isASCII(bytes) { return true }
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            return (try? UTF8Span(validating: bytes.span)) != nil  // validates without making a `String`
        } else {
            return String(validating: bytes, as: UTF8.self) != nil
        }
    }

    /// Whether every byte is below 0x80, eight at a time (most fields are ASCII: their check is
    /// this loop, not a UTF-8 validation).
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }
}
