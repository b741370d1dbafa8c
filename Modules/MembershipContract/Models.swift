import PlatformKit

/// A membership plan.
public struct Plan: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var price: Money
    /// Months per billing period.
    public var months: Int

    public init(id: String, name: String, price: Money, months: Int) {
        self.id = id
        self.name = name
        self.price = price
        self.months = months
    }

    /// The plans on offer.
    public static let all: [Plan] = [
        Plan(id: "monthly", name: "Uber One Monthly", price: Money(minorUnits: 999, currency: .usd), months: 1),
        Plan(id: "annual", name: "Uber One Annual", price: Money(minorUnits: 9_600, currency: .usd), months: 12),
    ]

    public static func named(_ id: String) -> Plan? { all.first { $0.id == id } }
}

/// Where a member stands.
public enum MemberStatus: String, Codable, Sendable, CaseIterable {
    /// Never joined.
    case none
    case trial
    case active
    /// Cancelled: benefits last until the period ends, no renewal.
    case cancelled
    case expired

    /// Whether the member currently has benefits to cancel.
    public var hasBenefits: Bool { self == .trial || self == .active }
}

/// A post-expiry (win-back) offer: a plan at a discount.
public struct Offer: Codable, Sendable, Equatable {
    public var id: String
    public var plan: String
    public var percentOff: Int

    public static let all: [Offer] = [
        Offer(id: "winback-50", plan: "monthly", percentOff: 50),
        Offer(id: "stay-25", plan: "monthly", percentOff: 25),
    ]

    public static func named(_ id: String) -> Offer? { all.first { $0.id == id } }
}

/// Test-card convention: payment methods ending in `0002` are always declined.
public enum PaymentMethods {
    public static let starting = ["visa-4242", "mastercard-5454", "visa-0002"]

    public static func isDeclined(_ method: String) -> Bool { method.hasSuffix("-0002") }
}
