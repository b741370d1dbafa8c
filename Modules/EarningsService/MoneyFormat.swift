import PlatformKit

/// How a locale writes amounts: separators, digit grouping and where the currency symbol goes.
/// Integer arithmetic only (no Foundation formatter), so it is exact and fast on hot paths.
public struct EarningsLocale: Sendable, Hashable, Codable {
    public enum SymbolPlacement: String, Sendable, Hashable, Codable {
        /// `$1,234.56`
        case before
        /// `R$ 1.234,56`
        case beforeWithSpace
        /// `1.234,56 €`
        case afterWithSpace
    }

    public var identifier: String
    public var decimalSeparator: String
    public var groupingSeparator: String
    /// `12,34,567` (lakh/crore) instead of `1,234,567`.
    public var indianGrouping: Bool
    public var symbolPlacement: SymbolPlacement

    public init(identifier: String, decimalSeparator: String, groupingSeparator: String, indianGrouping: Bool = false, symbolPlacement: SymbolPlacement) {
        self.identifier = identifier
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.indianGrouping = indianGrouping
        self.symbolPlacement = symbolPlacement
    }

    public static let enUS = EarningsLocale(identifier: "en_US", decimalSeparator: ".", groupingSeparator: ",", symbolPlacement: .before)
    public static let deDE = EarningsLocale(identifier: "de_DE", decimalSeparator: ",", groupingSeparator: ".", symbolPlacement: .afterWithSpace)
    public static let frFR = EarningsLocale(identifier: "fr_FR", decimalSeparator: ",", groupingSeparator: "\u{202F}", symbolPlacement: .afterWithSpace)
    public static let jaJP = EarningsLocale(identifier: "ja_JP", decimalSeparator: ".", groupingSeparator: ",", symbolPlacement: .before)
    public static let enIN = EarningsLocale(identifier: "en_IN", decimalSeparator: ".", groupingSeparator: ",", indianGrouping: true, symbolPlacement: .before)
    public static let ptBR = EarningsLocale(identifier: "pt_BR", decimalSeparator: ",", groupingSeparator: ".", symbolPlacement: .beforeWithSpace)

    /// `money` as this locale writes it: `$1,234.56`, `1.234,56 €`, `₹1,23,456.78`, `¥1,200`.
    public func format(_ money: Money) -> String {
        let (whole, fraction) = money.amountDigits
        let symbol = Self.symbol(money.currency)
        var text = money.isNegative ? "-" : ""
        switch symbolPlacement {
        case .before: text += symbol
        case .beforeWithSpace: text += symbol + " "
        case .afterWithSpace: break
        }
        appendGrouped(whole, to: &text)
        if !fraction.isEmpty { text += decimalSeparator + fraction }
        if symbolPlacement == .afterWithSpace { text += " " + symbol }
        return text
    }

    /// Appends `digits` with a grouping separator between groups: of three from the right, or
    /// of three then two (`indianGrouping`).
    private func appendGrouped(_ digits: Substring, to text: inout String) {
        var remaining = digits.utf8.count
        for digit in digits.utf8 {
            text.unicodeScalars.append(Unicode.Scalar(digit))
            remaining -= 1
            let groupEnds = remaining == 3 || remaining > 3 && (indianGrouping ? (remaining - 3) % 2 == 0 : remaining % 3 == 0)
            if groupEnds { text += groupingSeparator }
        }
    }

    /// `$`, `€`, `£`, `₹`, `R$`, `¥`, or the ISO code.
    public static func symbol(_ currency: Currency) -> String {
        switch currency.code {
        case "USD": "$"
        case "EUR": "€"
        case "GBP": "£"
        case "INR": "₹"
        case "BRL": "R$"
        case "JPY": "¥"
        default: currency.code
        }
    }
}
