import EventLog
import PlatformKit

// The membership service's events, on the stream `membership-<member>`.

/// A member was put in a starting state (simulation set-up, imports).
public struct MemberEnrolled: Event, Equatable, CustomStringConvertible {
    public static let eventType = "membership.member.enrolled"
    public var member: String
    public var status: String
    public var plan: String?
    public var description: String { "membership: \(member) enrolled as \(status)" }
}

/// A plan was bought (or renewed, or bought through an offer) and charged.
public struct MembershipPurchased: Event, Equatable, CustomStringConvertible {
    public static let eventType = "membership.purchased"
    public var member: String
    public var plan: String
    public var amountMinorUnits: Int64
    public var currency: String
    public var paymentMethod: String
    /// `purchase`, `renewal` or the offer id.
    public var kind: String
    public var description: String { "membership: \(member) bought \(plan) (\(kind)) for \(amountText) with \(paymentMethod)" }

    /// `USD 9.99` in a known currency; else the minor units and the code.
    var amountText: String {
        guard let known = Currency.known.first(where: { $0.code == currency }) else { return "\(amountMinorUnits) minor units of \(currency)" }
        return Money(minorUnits: amountMinorUnits, currency: known).description
    }
}

/// A purchase failed: the payment method was declined.
public struct PurchaseDeclined: Event, Equatable, CustomStringConvertible {
    public static let eventType = "membership.purchase.declined"
    public var member: String
    public var plan: String
    public var paymentMethod: String
    public var description: String { "membership: \(member) \(plan) declined on \(paymentMethod)" }
}

public struct FreeTrialStarted: Event, Equatable, CustomStringConvertible {
    public static let eventType = "membership.trial.started"
    public var member: String
    public var plan: String
    public var description: String { "membership: \(member) started a free trial of \(plan)" }
}

public struct MembershipCancelled: Event, Equatable, CustomStringConvertible {
    public static let eventType = "membership.cancelled"
    public var member: String
    public var description: String { "membership: \(member) cancelled" }
}

public struct PaymentMethodChanged: Event, Equatable, CustomStringConvertible {
    public static let eventType = "membership.payment.changed"
    public var member: String
    public var method: String
    public var description: String { "membership: \(member) pays with \(method)" }
}

public struct AutoRenewChanged: Event, Equatable, CustomStringConvertible {
    public static let eventType = "membership.autorenew.changed"
    public var member: String
    public var enabled: Bool
    public var description: String { "membership: \(member) auto-renew \(enabled ? "on" : "off")" }
}

public struct PlanSwitched: Event, Equatable, CustomStringConvertible {
    public static let eventType = "membership.plan.switched"
    public var member: String
    public var plan: String
    public var description: String { "membership: \(member) switched to \(plan)" }
}

public struct PromoCodeApplied: Event, Equatable, CustomStringConvertible {
    public static let eventType = "membership.promo.applied"
    public var member: String
    public var code: String
    public var description: String { "membership: \(member) applied promo \(code)" }
}

public struct SurveySubmitted: Event, Equatable, CustomStringConvertible {
    public static let eventType = "membership.survey.submitted"
    public var member: String
    public var survey: String
    public var answer: String
    public var description: String { "membership: \(member) answered \(survey): \(answer)" }
}

/// Every membership event, for tools and projections.
public enum MembershipEvents {
    public static var registry: EventRegistry {
        var registry = EventRegistry()
        registry.register(MemberEnrolled.self)
        registry.register(MembershipPurchased.self)
        registry.register(PurchaseDeclined.self)
        registry.register(FreeTrialStarted.self)
        registry.register(MembershipCancelled.self)
        registry.register(PaymentMethodChanged.self)
        registry.register(AutoRenewChanged.self)
        registry.register(PlanSwitched.self)
        registry.register(PromoCodeApplied.self)
        registry.register(SurveySubmitted.self)
        return registry
    }
}
