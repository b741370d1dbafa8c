import ActionCards
import MembershipContract

/// The membership flows, shared by every app: checkout, purchases, trials, renewals,
/// cancellation, payment methods, offers, promo codes and surveys.
public struct MembershipActionFlowProvider: ActionFlowProvider {
    public var name: String { "membership" }
    public var actionTypes: Set<ActionType> { ActionType.membership }
    let client: MembershipClient

    public init(client: MembershipClient) {
        self.client = client
    }

    public func flow(for action: Action) -> (any ActionFlow)? {
        guard actionTypes.contains(action.type) else { return nil }
        let client = client
        return ClosureFlow { action, context in
            let member = context.member
            let value = action.value ?? action.field.flatMap { context.data[$0] }
            func need(_ what: String, _ body: (String) -> FlowResult) -> FlowResult {
                guard let value, !value.isEmpty else { return .completed(.failure("no \(what) chosen")) }
                return body(value)
            }
            switch action.type {
            case .openCheckout:
                return need("plan") { .navigate(.push(screen: action.screen ?? "checkout", params: ["plan": $0])) }
            case .makePurchase:
                return need("plan") { client.call(.purchase(member: member, plan: $0), at: context.now) }
            case .startFreeTrial:
                return need("plan") { client.call(.startFreeTrial(member: member, plan: $0), at: context.now) }
            case .renewMembership:
                return client.call(.renew(member: member), at: context.now)
            case .cancelMembership:
                return client.call(.cancel(member: member), at: context.now)
            case .changePaymentMethod:
                return need("payment method") { client.call(.changePaymentMethod(member: member, method: $0), at: context.now) }
            case .toggleAutoRenew:
                return client.call(.setAutoRenew(member: member, enabled: value != "off"), at: context.now)
            case .switchPlan:
                return need("plan") { client.call(.switchPlan(member: member, plan: $0), at: context.now) }
            case .claimOffer:
                return need("offer") { client.call(.claimOffer(member: member, offer: $0), at: context.now) }
            case .applyPromoCode:
                let code = action.field.flatMap { context.data[$0] } ?? ""
                guard !code.isEmpty else { return .completed(.failure("no promo code entered")) }
                return client.call(.applyPromoCode(member: member, code: code), at: context.now)
            default:
                return submitSurvey(action, context)
            }
        }
    }

    /// Submits the chosen option and routes by it.
    private func submitSurvey(_ action: Action, _ context: ActionFlowContext) -> FlowResult {
        guard let field = action.field, let answer = context.data[field] else { return .completed(.failure("no option chosen")) }
        let route = action.routes[answer] ?? action.routes["*"]
        return client.call(.submitSurvey(member: context.member, survey: action.value ?? field, answer: answer), at: context.now, then: route)
    }
}
