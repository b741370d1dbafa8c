import PlatformKit

// Amounts are in most events and states; they encode and decode without `Codable` (the
// synthesized keys, in order).

extension Money: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(minorUnits, forKey: "minorUnits")
        writer.encode(currency, forKey: "currency")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
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
