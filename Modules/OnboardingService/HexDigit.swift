/// Lowercase hex digits, as keys and digests are written.
enum HexDigit {
    /// The value of a lowercase hex digit.
    @inline(__always)
    static func value(of character: UInt8) -> UInt8? {
        let digit = character &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = character &- UInt8(ascii: "a")
        return letter < 6 ? letter &+ 10 : nil
    }

    /// The digit of `value` (`0..<16`).
    @inline(__always)
    static func character(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
    }
}
