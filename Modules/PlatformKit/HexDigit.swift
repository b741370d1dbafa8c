/// Hexadecimal digits one at a time, as ASCII bytes, without allocating.
public enum HexDigit {
    /// The value of a lowercase hex digit (`0`–`9`, `a`–`f`); `nil` for any other byte. Text
    /// that must be written back exactly as it was read (keys, digests) accepts only this case.
    @inlinable @inline(__always)
    public static func value(ofLowercase character: UInt8) -> UInt8? {
        let nibble = nibble(ofLowercase: character)
        return nibble < 16 ? nibble : nil
    }

    /// The value of a lowercase hex digit, or `0xFF` for any other byte, computed without
    /// branches: OR the nibbles of a run of digits and check once that the result is below 16
    /// (digits are as likely letters as numbers, so a branch per digit is often mispredicted).
    @inlinable @inline(__always)
    public static func nibble(ofLowercase character: UInt8) -> UInt8 {
        let digit = character &- UInt8(ascii: "0")
        let letter = character &- UInt8(ascii: "a")
        let letterValue = letter < 6 ? letter &+ 10 : 0xFF
        return digit < 10 ? digit : letterValue
    }

    /// The value of a hex digit in either case; `nil` for any other byte.
    @inlinable @inline(__always)
    public static func value(of character: UInt8) -> UInt8? {
        let digit = character &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (character | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter &+ 10 : nil
    }

    /// The lowercase digit of `value` (`0..<16`).
    @inlinable @inline(__always)
    public static func character(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
    }
}
