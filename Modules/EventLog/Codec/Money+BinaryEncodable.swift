import PlatformKit

// Amounts are in most events; they encode without `Codable` (the synthesized keys, in order).

extension Money: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(minorUnits, forKey: "minorUnits")
        writer.encode(currency, forKey: "currency")
    }
}

extension Currency: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(code, forKey: "code")
        writer.encode(minorUnitDigits, forKey: "minorUnitDigits")
    }
}
