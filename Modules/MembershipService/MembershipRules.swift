import EventLog
import MembershipContract
import PlatformKit

/// The membership service's decisions: a request and the member's state give events, or a refusal.
///
/// Pure: `decide` reads nothing but its arguments.
public enum MembershipRules {
    /// The known promo codes.
    static let promoCodes: Set<String> = ["EATS10", "RIDES10", "WELCOME"]

    /// The events a change request produces, or why it is refused. Screen requests change nothing.
    public static func decide(_ request: MembershipRequest, state: MembershipProjection.State) -> Result<[any Event], Refusal> {
        switch request {
        case .screen:
            return .success([])
        case .purchase(let id, let planID):
            guard let plan = Plan.named(planID) else { return .failure(Refusal("no plan \(planID)")) }
            let member = state.member(id)
            guard !member.status.hasBenefits || member.plan != planID else { return .failure(Refusal("already a member of \(planID)")) }
            return charge(id, member, plan, percentOff: 0, kind: "purchase")
        case .startFreeTrial(let id, let planID):
            let member = state.member(id)
            guard Plan.named(planID) != nil else { return .failure(Refusal("no plan \(planID)")) }
            guard !member.trialUsed, member.status == .none else { return .failure(Refusal("free trial not available")) }
            return .success([FreeTrialStarted(member: id, plan: planID)])
        case .renew(let id):
            let member = state.member(id)
            guard member.status == .cancelled || member.status == .expired, let plan = member.plan.flatMap(Plan.named) else {
                return .failure(Refusal("nothing to renew"))
            }
            return charge(id, member, plan, percentOff: 0, kind: "renewal")
        case .cancel(let id):
            guard state.member(id).status.hasBenefits else { return .failure(Refusal("no active membership to cancel")) }
            return .success([MembershipCancelled(member: id)])
        case .changePaymentMethod(let id, let method):
            guard state.member(id).paymentMethods.contains(method) else { return .failure(Refusal("unknown payment method \(method)")) }
            return .success([PaymentMethodChanged(member: id, method: method)])
        case .setAutoRenew(let id, let enabled):
            guard state.member(id).status.hasBenefits else { return .failure(Refusal("no active membership")) }
            return .success([AutoRenewChanged(member: id, enabled: enabled)])
        case .switchPlan(let id, let planID):
            let member = state.member(id)
            guard Plan.named(planID) != nil else { return .failure(Refusal("no plan \(planID)")) }
            guard member.status.hasBenefits, member.plan != planID else { return .failure(Refusal("cannot switch to \(planID)")) }
            return .success([PlanSwitched(member: id, plan: planID)])
        case .claimOffer(let id, let offerID):
            let member = state.member(id)
            guard let offer = Offer.named(offerID), let plan = Plan.named(offer.plan) else { return .failure(Refusal("no offer \(offerID)")) }
            guard !member.offersClaimed.contains(offerID) else { return .failure(Refusal("offer \(offerID) already claimed")) }
            guard member.status != .none else { return .failure(Refusal("offer \(offerID) is for past and current members")) }
            return charge(id, member, plan, percentOff: offer.percentOff, kind: offerID)
        case .applyPromoCode(let id, let code):
            let code = code.uppercased()
            guard promoCodes.contains(code) else { return .failure(Refusal("promo code \(code) is not valid")) }
            guard !state.member(id).promoCodes.contains(code) else { return .failure(Refusal("promo code \(code) already used")) }
            return .success([PromoCodeApplied(member: id, code: code)])
        case .submitSurvey(let id, let survey, let answer):
            return .success([SurveySubmitted(member: id, survey: survey, answer: answer)])
        }
    }

    /// A charge on the member's default payment method; a declined card is an event too.
    private static func charge(_ id: String, _ member: MembershipProjection.Member, _ plan: Plan, percentOff: Int, kind: String) -> Result<[any Event], Refusal> {
        let method = member.defaultPaymentMethod
        if PaymentMethods.isDeclined(method) {
            return .failure(Refusal("payment declined on \(method)", events: [PurchaseDeclined(member: id, plan: plan.id, paymentMethod: method)]))
        }
        let amount = plan.price.minorUnits * Int64(100 - percentOff) / 100
        return .success([MembershipPurchased(member: id, plan: plan.id, amountMinorUnits: amount, currency: plan.price.currency.code, paymentMethod: method, kind: kind)])
    }
}

/// Why a request was refused, and the events the refusal itself records (a declined charge).
public struct Refusal: Error {
    public var reason: String
    public var events: [any Event]

    init(_ reason: String, events: [any Event] = []) {
        self.reason = reason
        self.events = events
    }
}
