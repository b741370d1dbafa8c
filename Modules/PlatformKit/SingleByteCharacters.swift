extension String {
    /// Calls `body` with the string's UTF-8 when each byte is one `Character`: all ASCII and
    /// without a carriage return (which joins a following line feed into one `Character`);
    /// returns nil for any other string.
    ///
    /// For text checks that would otherwise walk grapheme clusters (a few hundred instructions a
    /// `Character`): on such a string, counting bytes counts `Character`s, and a byte's class
    /// (``Swift/UInt8/isASCIILetter``, ``Swift/UInt8/isASCIIDigit``, ``Swift/UInt8/isASCIIWhitespace``)
    /// is its `Character`'s `isLetter`, `isNumber` and `isWhitespace`.
    @inlinable
    package func withSingleByteCharacters<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try withUTF8InPlace { bytes in
            guard UTF8Bytes.isASCII(bytes), !bytes.contains(UInt8(ascii: "\r")) else { return nil }
            return try body(bytes)
        }
    }

    /// The index of the first `character`, an ASCII one; over the bytes when each is a `Character`.
    @inlinable
    package func firstIndex(ofASCII character: Unicode.Scalar) -> String.Index? {
        let offset = withSingleByteCharacters { $0.firstIndex(of: UInt8(ascii: character)) }
        guard let offset else { return firstIndex(of: Character(character)) }
        return offset.map { utf8.index(startIndex, offsetBy: $0) }
    }
}

extension UInt8 {
    /// `A`–`Z` and `a`–`z`: the ASCII bytes whose `Character` is a letter.
    @inlinable
    package var isASCIILetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }

    /// `0`–`9`: the ASCII bytes whose `Character` is a number.
    @inlinable
    package var isASCIIDigit: Bool { self &- UInt8(ascii: "0") < 10 }

    /// Tab, line feed, vertical tab, form feed, carriage return and space: the ASCII bytes whose
    /// `Character` is whitespace.
    @inlinable
    package var isASCIIWhitespace: Bool { self == UInt8(ascii: " ") || self &- 0x09 < 5 }
}
