import ActionCards

/// A request from the membership client to the membership service.
public enum MembershipRequest: Codable, Sendable, Equatable {
    /// The display config `screen`, resolved for the member, with screen parameters.
    case screen(member: String, app: String, screen: String, params: [String: String])
    case purchase(member: String, plan: String)
    case startFreeTrial(member: String, plan: String)
    case renew(member: String)
    case cancel(member: String)
    case changePaymentMethod(member: String, method: String)
    case setAutoRenew(member: String, enabled: Bool)
    case switchPlan(member: String, plan: String)
    case claimOffer(member: String, offer: String)
    case applyPromoCode(member: String, code: String)
    case submitSurvey(member: String, survey: String, answer: String)
}

/// The membership service's answer.
public enum MembershipResponse: Codable, Sendable, Equatable {
    case screen(CardScreenPresentation)
    /// The change was made; a short description.
    case done(String)
    /// Refused (declined card, nothing to cancel, unknown screen…) and why.
    case rejected(String)
}
