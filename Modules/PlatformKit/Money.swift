import Foundation

/// An exact amount of one currency, stored as whole minor units (cents for USD). No floating point.
///
/// Arithmetic and comparison throw on a currency mismatch or `Int64` overflow; they never trap.
public struct Money: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The amount in minor units: 1234 is USD 12.34, or JPY 1234.
    public var minorUnits: Int64
    /// The currency of the amount.
    public var currency: Currency

    /// Creates `minorUnits` minor units of `currency`.
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Nothing, in `currency`.
    public static func zero(_ currency: Currency) -> Money {
        Money(minorUnits: 0, currency: currency)
    }

    /// Whether the amount is below zero.
    public var isNegative: Bool { minorUnits < 0 }

    /// `self + other`; throws on a currency mismatch or overflow.
    public func adding(_ other: Money) throws(MoneyError) -> Money {
        try requireSameCurrency(other, "add")
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .overflow("\(self) + \(other)") }
        return Money(minorUnits: sum, currency: currency)
    }

    /// `self - other`; throws on a currency mismatch or overflow.
    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        try requireSameCurrency(other, "subtract")
        let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .overflow("\(self) - \(other)") }
        return Money(minorUnits: difference, currency: currency)
    }

    /// `self × factor`; throws on overflow.
    public func multiplied(by factor: Int) throws(MoneyError) -> Money {
        guard let factor64 = Int64(exactly: factor) else { throw .overflow("\(self) * \(factor)") }
        let (product, overflow) = minorUnits.multipliedReportingOverflow(by: factor64)
        guard !overflow else { throw .overflow("\(self) * \(factor)") }
        return Money(minorUnits: product, currency: currency)
    }

    /// `-self`; throws on overflow (only for the most negative amount).
    public func negated() throws(MoneyError) -> Money {
        let (negation, overflow) = Int64(0).subtractingReportingOverflow(minorUnits)
        guard !overflow else { throw .overflow("-(\(self))") }
        return Money(minorUnits: negation, currency: currency)
    }

    /// Orders `self` against `other` (`.orderedAscending` if `self` is smaller); throws on a currency mismatch.
    public func compare(_ other: Money) throws(MoneyError) -> ComparisonResult {
        try requireSameCurrency(other, "compare")
        if minorUnits < other.minorUnits { return .orderedAscending }
        if minorUnits > other.minorUnits { return .orderedDescending }
        return .orderedSame
    }

    /// `"USD 12.34"`, `"-USD 0.05"`, `"JPY 1200"`: code, then the amount with exactly `minorUnitDigits` decimals.
    public var description: String {
        let (whole, fraction) = amountDigits
        let amount = fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
        return "\(isNegative ? "-" : "")\(currency.code) \(amount)"
    }

    /// The amount's decimal digits, without sign, split at the decimal point, for formatters to
    /// join as a locale writes them: `USD 1234.56` and `-USD 1234.56` give `("1234", "56")`,
    /// `USD 0.05` gives `("0", "05")`, `JPY 1200` gives `("1200", "")`. `whole` has at least one
    /// digit and no leading zeros; `fraction` has exactly `currency.minorUnitDigits` digits.
    public var amountDigits: (whole: Substring, fraction: Substring) {
        let digits = currency.minorUnitDigits
        let magnitude = String(minorUnits.magnitude)
        let padded = String(repeating: "0", count: max(0, digits + 1 - magnitude.count)) + magnitude
        return (padded.dropLast(digits), padded.suffix(digits))
    }

    private func requireSameCurrency(_ other: Money, _ verb: String) throws(MoneyError) {
        guard currency == other.currency else { throw .currencyMismatch(verb, self, other) }
    }
}
