/// An ISO 4217 currency: its three-letter code and how many minor-unit digits it has.
public struct Currency: Sendable, Hashable, Codable {
    /// The code's three letters and the digits, a byte each: a currency takes four bytes, not 24
    /// (a `String` and an `Int`), and an amount 16, not 32.
    private let packed: UInt32

    /// The ISO 4217 code, three uppercase ASCII letters such as `"USD"`.
    public var code: String {
        String(unsafeUninitializedCapacity: 3) { letters in
            for index in 0..<3 { letters[index] = UInt8(truncatingIfNeeded: packed >> UInt32(24 - 8 * index)) }
            return 3
        }
    }

    /// Digits after the decimal point: 2 for USD (cents), 0 for JPY. At most 18.
    public var minorUnitDigits: Int { Int(packed & 0xFF) }

    /// Creates a currency; traps unless `code` is three uppercase ASCII letters and `minorUnitDigits` is in 0...18.
    public init(code: String, minorUnitDigits: Int) {
        if let problem = Self.problem(code: code, minorUnitDigits: minorUnitDigits) {
            preconditionFailure(problem)
        }
        self = code.withUTF8InPlace { Currency(codeUTF8: $0, minorUnitDigits: minorUnitDigits)! }
    }

    /// The currency of the code given as its UTF-8, or `nil` where `problem(code:minorUnitDigits:)`
    /// finds one: for decoders, without making a `String`.
    public init?(codeUTF8 code: UnsafeBufferPointer<UInt8>, minorUnitDigits: Int) {
        guard code.count == 3, code.allSatisfy({ $0 &- UInt8(ascii: "A") < 26 }), (0...18).contains(minorUnitDigits) else { return nil }
        packed = UInt32(code[0]) << 24 | UInt32(code[1]) << 16 | UInt32(code[2]) << 8 | UInt32(minorUnitDigits)
    }

    private enum CodingKeys: String, CodingKey {
        case code, minorUnitDigits
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(minorUnitDigits, forKey: .minorUnitDigits)
    }

    /// Decodes `{"code": …, "minorUnitDigits": …}`, rejecting values `init(code:minorUnitDigits:)` would trap on.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(String.self, forKey: .code)
        let digits = try container.decode(Int.self, forKey: .minorUnitDigits)
        if let problem = Self.problem(code: code, minorUnitDigits: digits) {
            throw DecodingError.dataCorruptedError(forKey: .code, in: container, debugDescription: problem)
        }
        self.init(code: code, minorUnitDigits: digits)
    }

    /// Why `code` and `minorUnitDigits` are not a currency, or nil if they are (for decoders).
    public static func problem(code: String, minorUnitDigits: Int) -> String? {
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            return "currency code \"\(code)\" is not three uppercase ASCII letters"
        }
        guard (0...18).contains(minorUnitDigits) else {
            return "\(code) minorUnitDigits \(minorUnitDigits) is outside 0...18"
        }
        return nil
    }

    /// US dollar, 2 digits.
    public static let usd = Currency(code: "USD", minorUnitDigits: 2)
    /// Euro, 2 digits.
    public static let eur = Currency(code: "EUR", minorUnitDigits: 2)
    /// Pound sterling, 2 digits.
    public static let gbp = Currency(code: "GBP", minorUnitDigits: 2)
    /// Indian rupee, 2 digits.
    public static let inr = Currency(code: "INR", minorUnitDigits: 2)
    /// Brazilian real, 2 digits.
    public static let brl = Currency(code: "BRL", minorUnitDigits: 2)
    /// Japanese yen, 0 digits.
    public static let jpy = Currency(code: "JPY", minorUnitDigits: 0)

    /// The currencies `Money(parsing:)` recognises by default.
    public static let known: [Currency] = [.usd, .eur, .gbp, .inr, .brl, .jpy]
}
