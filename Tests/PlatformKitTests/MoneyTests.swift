import Foundation
import PlatformKit
import XCTest

final class MoneyTests: XCTestCase {
    private func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .usd) }

    private func assertThrows<T>(
        _ expression: @autoclosure () throws(MoneyError) -> T,
        messageContains fragments: [String],
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        do {
            let value = try expression()
            XCTFail("expected a MoneyError, got \(value)", file: file, line: line)
        } catch {
            for fragment in fragments {
                XCTAssert(error.description.contains(fragment), "\"\(error)\" lacks \"\(fragment)\"", file: file, line: line)
            }
        }
    }

    // MARK: Arithmetic

    func test_addingAndSubtracting_sameCurrency() throws {
        XCTAssertEqual(try usd(1_234).adding(usd(66)), usd(1_300))
        XCTAssertEqual(try usd(100).subtracting(usd(105)), usd(-5))
        XCTAssertEqual(try Money.zero(.eur).adding(Money(minorUnits: 1, currency: .eur)), Money(minorUnits: 1, currency: .eur))
    }

    func test_multipliedAndNegated() throws {
        XCTAssertEqual(try usd(250).multiplied(by: 3), usd(750))
        XCTAssertEqual(try usd(250).multiplied(by: -2), usd(-500))
        XCTAssertEqual(try usd(250).negated(), usd(-250))
        XCTAssertEqual(try usd(-1).negated(), usd(1))
    }

    func test_isNegative() {
        XCTAssertTrue(usd(-1).isNegative)
        XCTAssertFalse(usd(0).isNegative)
        XCTAssertFalse(usd(1).isNegative)
    }

    func test_compare_ordersAmountsOfTheSameCurrency() throws {
        XCTAssertEqual(try usd(1).compare(usd(2)), .orderedAscending)
        XCTAssertEqual(try usd(2).compare(usd(2)), .orderedSame)
        XCTAssertEqual(try usd(3).compare(usd(-2)), .orderedDescending)
    }

    func test_currencyMismatch_throwsNamingBothCurrencies() {
        let euros = Money(minorUnits: 100, currency: .eur)
        assertThrows(try usd(100).adding(euros), messageContains: ["currency mismatch", "USD 1.00", "EUR 1.00"])
        assertThrows(try usd(100).subtracting(euros), messageContains: ["currency mismatch", "subtract"])
        assertThrows(try usd(100).compare(euros), messageContains: ["currency mismatch", "compare"])
    }

    func test_overflow_throwsInsteadOfTrapping() {
        assertThrows(try usd(.max).adding(usd(1)), messageContains: ["overflow", "+"])
        assertThrows(try usd(.min).subtracting(usd(1)), messageContains: ["overflow", "-"])
        assertThrows(try usd(.max / 2 + 1).multiplied(by: 2), messageContains: ["overflow", "* 2"])
        assertThrows(try usd(.min).negated(), messageContains: ["overflow"])
    }

    // MARK: Formatting

    func test_description_formatsWithTheCurrencysDigits() {
        XCTAssertEqual(usd(1_234).description, "USD 12.34")
        XCTAssertEqual(usd(5).description, "USD 0.05")
        XCTAssertEqual(usd(0).description, "USD 0.00")
        XCTAssertEqual(Money(minorUnits: 1_200, currency: .jpy).description, "JPY 1200")
        XCTAssertEqual(Money(minorUnits: 100_000, currency: .inr).description, "INR 1000.00")
    }

    func test_description_putsTheSignBeforeTheCode() {
        XCTAssertEqual(usd(-5).description, "-USD 0.05")
        XCTAssertEqual(usd(-1_234).description, "-USD 12.34")
        XCTAssertEqual(Money(minorUnits: -7, currency: .jpy).description, "-JPY 7")
        XCTAssertEqual(usd(.min).description, "-USD 92233720368547758.08")
    }

    func test_amountDigits_splitsTheMagnitudeAtTheDecimalPoint() {
        func digits(_ money: Money) -> [String] { [String(money.amountDigits.whole), String(money.amountDigits.fraction)] }
        XCTAssertEqual(digits(usd(123_456)), ["1234", "56"])
        XCTAssertEqual(digits(usd(-123_456)), ["1234", "56"])
        XCTAssertEqual(digits(usd(5)), ["0", "05"])
        XCTAssertEqual(digits(usd(0)), ["0", "00"])
        XCTAssertEqual(digits(Money(minorUnits: 1_200, currency: .jpy)), ["1200", ""])
        XCTAssertEqual(digits(Money(minorUnits: 0, currency: .jpy)), ["0", ""])
        XCTAssertEqual(digits(usd(.min)), ["92233720368547758", "08"])
    }

    // MARK: Parsing

    func test_parsing_acceptsAmountThenCode() throws {
        XCTAssertEqual(try Money(parsing: "12.34 USD"), usd(1_234))
        XCTAssertEqual(try Money(parsing: "12.3 USD"), usd(1_230))
        XCTAssertEqual(try Money(parsing: "12 USD"), usd(1_200))
        XCTAssertEqual(try Money(parsing: "-0.05 USD"), usd(-5))
        XCTAssertEqual(try Money(parsing: "1200 JPY"), Money(minorUnits: 1_200, currency: .jpy))
    }

    func test_parsing_roundTripsDescription() throws {
        for money in [usd(1_234), usd(-5), usd(.min), usd(.max), Money(minorUnits: -1_200, currency: .jpy)] {
            XCTAssertEqual(try Money(parsing: money.description), money)
        }
    }

    func test_parsing_usesTheGivenCurrencies() throws {
        let kwd = Currency(code: "KWD", minorUnitDigits: 3)
        XCTAssertEqual(try Money(parsing: "1.005 KWD", currencies: [kwd]), Money(minorUnits: 1_005, currency: kwd))
        assertThrows(try Money(parsing: "1.00 USD", currencies: [kwd]), messageContains: ["no known currency code", "KWD"])
    }

    func test_parsing_rejectsMoreDecimalsThanTheCurrencyHas() {
        assertThrows(try Money(parsing: "12.345 USD"), messageContains: ["USD allows at most 2 decimals, got 3"])
        assertThrows(try Money(parsing: "12.5 JPY"), messageContains: ["JPY allows at most 0 decimals"])
    }

    func test_parsing_rejectsMalformedText() {
        let malformed = [
            "", "12.34", "USD", "12.34  USD", " 12.34 USD", "12.34 usd", "12.34 XYZ", "1.2.3 USD",
            "12. USD", ".5 USD", "--1 USD", "+1 USD", "1e3 USD", "١٢ USD", "USD -1.00", "12,34 USD",
        ]
        for text in malformed {
            assertThrows(try Money(parsing: text), messageContains: ["cannot parse money \"\(text)\""])
        }
    }

    func test_parsing_rejectsAmountsOutsideInt64() {
        assertThrows(try Money(parsing: "92233720368547758.08 USD"), messageContains: ["outside the Int64 range"])
        assertThrows(try Money(parsing: "-92233720368547758.09 USD"), messageContains: ["outside the Int64 range"])
    }

    // MARK: Codable

    func test_codable_roundTrips() throws {
        let money = Money(minorUnits: -1_200, currency: .jpy)
        XCTAssertEqual(try JSONDecoder().decode(Money.self, from: JSONEncoder().encode(money)), money)
    }

    func test_currency_isWrittenAsItsCodeAndDigits_andTakesFourBytes() throws {
        let json = String(decoding: try JSONEncoder.sorted.encode(Currency(code: "XAU", minorUnitDigits: 18)), as: UTF8.self)
        XCTAssertEqual(json, #"{"code":"XAU","minorUnitDigits":18}"#)
        XCTAssertEqual(Currency(code: "JPY", minorUnitDigits: 0).code, "JPY")
        XCTAssertNotEqual(Currency(code: "USD", minorUnitDigits: 2), Currency(code: "USD", minorUnitDigits: 3))
        XCTAssertEqual(MemoryLayout<Currency>.size, 4)
        XCTAssertEqual(MemoryLayout<Money>.stride, 16)
    }

    func test_currencyDecoding_rejectsInvalidCurrencies() {
        for json in [#"{"code":"usd","minorUnitDigits":2}"#, #"{"code":"USD","minorUnitDigits":-1}"#] {
            XCTAssertThrowsError(try JSONDecoder().decode(Currency.self, from: Data(json.utf8)), json)
        }
    }

    func test_aCurrencyFromItsCodesBytes_isOneExactlyWhereTheStringRulesFindNoProblem() {
        for code in ["USD", "JPY", "ZZA", "usd", "US", "USDX", "U$D", "ÄB", "@AZ", "AZ[", ""] {
            for digits in [-1, 0, 2, 18, 19] {
                let fromBytes = Array(code.utf8).withUnsafeBufferPointer { Currency(codeUTF8: $0, minorUnitDigits: digits) }
                let valid = Currency.problem(code: code, minorUnitDigits: digits) == nil
                XCTAssertEqual(fromBytes, valid ? Currency(code: code, minorUnitDigits: digits) : nil, "\(code) \(digits)")
            }
        }
    }
}

private extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
