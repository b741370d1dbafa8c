extension Money {
    /// Parses `"12.34 USD"`, `"-0.05 USD"`, `"1200 JPY"`, or the `description` form `"USD 12.34"` / `"-USD 0.05"`.
    ///
    /// The amount is ASCII digits with an optional `.` and 1...`minorUnitDigits` decimals; a leading `-`
    /// on the whole text makes it negative. Codes are looked up in `currencies`. Throws naming the problem.
    public init(parsing text: String, currencies: [Currency] = Currency.known) throws(MoneyError) {
        let isNegative = text.hasPrefix("-")
        let parts = text.dropFirst(isNegative ? 1 : 0).split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw .unparsable(text, "expected an amount and a currency code separated by one space, like \"12.34 USD\"")
        }
        let amount: Substring
        let currency: Currency
        if let match = currencies.first(where: { $0.code == parts[1] }) {
            (amount, currency) = (parts[0], match)
        } else if let match = currencies.first(where: { $0.code == parts[0] }) {
            (amount, currency) = (parts[1], match)
        } else {
            throw .unparsable(text, "no known currency code (known: \(currencies.map(\.code).joined(separator: ", ")))")
        }
        let pieces = amount.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count <= 2, pieces.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(\.isASCIIDigit) }) else {
            throw .unparsable(text, "amount \"\(amount)\" is not a plain decimal number")
        }
        let fraction = pieces.count == 2 ? pieces[1] : ""
        guard fraction.count <= currency.minorUnitDigits else {
            throw .unparsable(text, "\(currency.code) allows at most \(currency.minorUnitDigits) decimals, got \(fraction.count)")
        }
        let digits = pieces[0] + fraction + String(repeating: "0", count: currency.minorUnitDigits - fraction.count)
        var units: Int64 = 0
        for digit in digits.utf8 {
            let value = Int64(digit - UInt8(ascii: "0"))
            let (shifted, shiftOverflow) = units.multipliedReportingOverflow(by: 10)
            let (next, addOverflow) = isNegative
                ? shifted.subtractingReportingOverflow(value)
                : shifted.addingReportingOverflow(value)
            guard !shiftOverflow, !addOverflow else {
                throw .unparsable(text, "amount is outside the Int64 range of minor units")
            }
            units = next
        }
        self.init(minorUnits: units, currency: currency)
    }
}
