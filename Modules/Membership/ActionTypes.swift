import ActionCards

extension ActionType {
    /// Pushes the checkout `screen` (default `checkout`) for the plan `value`.
    public static let openCheckout: ActionType = "openCheckout"
    /// Buys the plan `value` with the default payment method.
    public static let makePurchase: ActionType = "makePurchase"
    /// Starts a free trial of the plan `value`.
    public static let startFreeTrial: ActionType = "startFreeTrial"
    /// Renews a cancelled or expired membership.
    public static let renewMembership: ActionType = "renewMembership"
    public static let cancelMembership: ActionType = "cancelMembership"
    /// Makes `value` (or the ActionCardData `field`, e.g. a radio choice) the default payment method.
    public static let changePaymentMethod: ActionType = "changePaymentMethod"
    /// Sets auto-renew to `value` (`on`/`off`).
    public static let toggleAutoRenew: ActionType = "toggleAutoRenew"
    /// Switches to the plan `value`.
    public static let switchPlan: ActionType = "switchPlan"
    /// Claims the offer `value` (post-expiry or retention offers).
    public static let claimOffer: ActionType = "claimOffer"
    /// Applies the promo code typed into the text field `field`.
    public static let applyPromoCode: ActionType = "applyPromoCode"
    /// Submits the answer in the ActionCardData `field` to survey `value`, then follows `routes[answer]` (or `routes["*"]`).
    public static let submitSurvey: ActionType = "submitSurvey"

    /// Eats only: opens the store `value`.
    public static let openEatsStore: ActionType = "openEatsStore"
    /// Eats only: applies membership savings to the cart.
    public static let applyPassToCart: ActionType = "applyPassToCart"
    /// Rides only: requests a ride with member pricing for product `value`.
    public static let requestPassRide: ActionType = "requestPassRide"
    /// Rides only: shows the member's ride savings.
    public static let showRideSavings: ActionType = "showRideSavings"

    public static let membership: Set<ActionType> = [
        .openCheckout, .makePurchase, .startFreeTrial, .renewMembership, .cancelMembership, .changePaymentMethod,
        .toggleAutoRenew, .switchPlan, .claimOffer, .applyPromoCode, .submitSurvey,
    ]
    public static let eatsOnly: Set<ActionType> = [.openEatsStore, .applyPassToCart]
    public static let ridesOnly: Set<ActionType> = [.requestPassRide, .showRideSavings]
}
