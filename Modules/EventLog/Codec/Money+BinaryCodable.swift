import PlatformKit

// Amounts are in most events and states; they encode and decode without `Codable` (the
// synthesized keys, in order).

extension Money: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(minorUnits, forKey: "minorUnits")
        writer.encode(currency, forKey: "currency")
    }

    /// An amount laid out as `encode(to:)` writes it is read at fixed offsets (see
    /// `BinaryKeyedReader.canonicalMoney()`); any other is read key by key, as `Codable` reads it.
    public init(from reader: inout BinaryKeyedReader) throws {
        if let money = reader.canonicalMoney() {
            self = money
            return
        }
        let minorUnits = try reader.decode(Int64.self, forKey: "minorUnits")
        self.init(minorUnits: minorUnits, currency: try reader.decode(Currency.self, forKey: "currency"))
    }
}

extension Currency: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(code, forKey: "code")
        writer.encode(minorUnitDigits, forKey: "minorUnitDigits")
    }

    /// A valid currency is read from its code's bytes; any other is read again as `Codable` reads
    /// it, for the same error.
    public init(from reader: inout BinaryKeyedReader) throws {
        let codeUTF8 = try reader.lengthPrefixedBytes(forKey: "code")
        let digits = try reader.decode(Int.self, forKey: "minorUnitDigits")
        if let currency = Currency(codeUTF8: codeUTF8, minorUnitDigits: digits) {
            self = currency
            return
        }
        let code = try reader.decode(String.self, forKey: "code")
        if let problem = Self.problem(code: code, minorUnitDigits: digits) {
            throw DecodingError.dataCorrupted(.init(codingPath: [BinaryKeyedReader.Key("code")], debugDescription: problem))
        }
        self.init(code: code, minorUnitDigits: digits)
    }
}

extension BinaryKeyedReader {
    /// The amount in this container if it holds exactly what `Money.encode(to:)` writes: its
    /// two keys in order, the minor units, and a currency of three uppercase letters and at most
    /// 18 digits laid out as `Currency.encode(to:)` writes it. Amounts are in most events and
    /// states: this reads one at fixed offsets instead of through two keyed containers' look-ups.
    /// `nil` for anything else, which the keyed reading then reads or refuses.
    func canonicalMoney() -> Money? {
        guard count == 2 else { return nil }
        var position = entries
        let (unitsKey, unitsStart, unitsEnd) = nextEntry(at: &position)
        let (currencyKey, currencyStart, currencyEnd) = nextEntry(at: &position)
        guard Self.isKey(unitsKey, "minorUnits"), Self.isKey(currencyKey, "currency") else { return nil }
        var cursor = unitsStart
        guard let units = try? _Read.varint(base, &cursor, unitsEnd), cursor == unitsEnd else { return nil }
        // The currency: its layout's fixed bytes around the three letters, then the digits' byte.
        let currency = base + currencyStart
        guard currencyEnd - currencyStart == Self.currencySize,
              _bytesEqual(currency, Self.beforeCode.utf8Start, Self.beforeCode.utf8CodeUnitCount),
              _bytesEqual(currency + Self.afterCodeOffset, Self.afterCode.utf8Start, Self.afterCode.utf8CodeUnitCount)
        else { return nil }
        let digits = currency.load(fromByteOffset: Self.currencySize - 1, as: UInt8.self)
        let letters = UnsafeBufferPointer(start: (currency + Self.beforeCode.utf8CodeUnitCount).assumingMemoryBound(to: UInt8.self), count: 3)
        guard digits & 1 == 0, let code = Currency(codeUTF8: letters, minorUnitDigits: Int(digits >> 1)) else { return nil }
        return Money(minorUnits: _unzigzag(units), currency: code)
    }

    private static func isKey(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        key.count == name.utf8CodeUnitCount && _bytesEqual(key.baseAddress, name.utf8Start, key.count)
    }

    // A currency's container as `Currency.encode(to:)` writes it: 2 entries; the key "code" and a
    // 4-byte value (the length 3, then the three letters); the key "minorUnitDigits" and a 1-byte
    // value (the digits, zigzag-encoded).
    private static let beforeCode: StaticString = "\u{2}\u{4}code\u{4}\u{3}"
    private static let afterCode: StaticString = "\u{F}minorUnitDigits\u{1}"
    private static let afterCodeOffset = 11
    private static let currencySize = 29
}
