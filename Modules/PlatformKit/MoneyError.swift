/// Why a money operation failed: currency mismatch, overflow, or unparsable text.
public struct MoneyError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A human-readable explanation naming the offending values.
    public var message: String

    /// Creates an error with the given explanation.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    static func currencyMismatch(_ verb: String, _ lhs: Money, _ rhs: Money) -> MoneyError {
        MoneyError("currency mismatch: cannot \(verb) \(lhs) and \(rhs)")
    }

    static func overflow(_ expression: String) -> MoneyError {
        MoneyError("overflow: \(expression) is outside the Int64 range of minor units")
    }

    static func unparsable(_ text: String, _ reason: String) -> MoneyError {
        MoneyError("cannot parse money \"\(text)\": \(reason)")
    }
}
