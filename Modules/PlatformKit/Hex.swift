extension Array where Element == UInt8 {
    /// The bytes as lowercase hexadecimal, two digits a byte: `[0x0f, 0xa0]` is `"0fa0"`.
    public var hexString: String {
        String(unsafeUninitializedCapacity: count * 2) { buffer in
            for (index, byte) in enumerated() {
                buffer[2 * index] = HexDigit.character(byte >> 4)
                buffer[2 * index + 1] = HexDigit.character(byte & 0x0F)
            }
            return count * 2
        }
    }

    /// The bytes of lowercase or uppercase hexadecimal, two digits a byte; `nil` if `hexString`
    /// has an odd length or a character that is not a hex digit. The inverse of ``hexString``.
    public init?(hexString: String) {
        let utf8 = Array(hexString.utf8)
        guard utf8.count.isMultiple(of: 2) else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = HexDigit.value(of: utf8[index]), let low = HexDigit.value(of: utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self = bytes
    }
}
