import EventLog
import MembershipContract

/// Every member's membership, folded from the `membership.*` events. The service keeps its live
/// state with this same `apply`, so a replay of the log rebuilds exactly what it served.
public struct MembershipProjection: Projection {
    public struct Member: Codable, Sendable, Equatable {
        public var status: MemberStatus = .none
        public var plan: String?
        public var paymentMethods: [String] = PaymentMethods.starting
        public var defaultPaymentMethod: String = PaymentMethods.starting[0]
        public var autoRenew = true
        public var trialUsed = false
        public var offersClaimed: [String] = []
        public var promoCodes: [String] = []
        public var surveyAnswers: [String] = []
        public var purchases = 0
        public var declines = 0
        public var spentMinorUnits: Int64 = 0
    }

    public struct State: Codable, Sendable, Equatable {
        public var members: [String: Member] = [:]

        /// The member's record (a fresh one for a member never seen).
        public func member(_ id: String) -> Member { members[id] ?? Member() }
    }

    public init() {}
    public var name: String { "membership.members" }
    public var version: Int { 1 }
    public var initialState: State { State() }
    public var events: EventRegistry { MembershipEvents.registry }

    public func apply(_ event: any Event, envelope: RecordedEvent, to state: inout State) {
        Self.apply(event, to: &state)
    }

    /// The fold, without an envelope (the service applies its own events as it records them).
    public static func apply(_ event: any Event, to state: inout State) {
        if let event = event.exactly(MemberEnrolled.self) {
            update(event.member, in: &state) {
                $0.status = MemberStatus(rawValue: event.status) ?? .none
                $0.plan = event.plan
            }
        } else if let event = event.exactly(MembershipPurchased.self) {
            update(event.member, in: &state) {
                $0.status = .active
                $0.plan = event.plan
                $0.purchases += 1
                $0.spentMinorUnits += event.amountMinorUnits
                $0.autoRenew = true
                if Offer.named(event.kind) != nil { $0.offersClaimed.append(event.kind) }
            }
        } else if let event = event.exactly(PurchaseDeclined.self) {
            update(event.member, in: &state) { $0.declines += 1 }
        } else if let event = event.exactly(FreeTrialStarted.self) {
            update(event.member, in: &state) {
                $0.status = .trial
                $0.plan = event.plan
                $0.trialUsed = true
            }
        } else if let event = event.exactly(MembershipCancelled.self) {
            update(event.member, in: &state) {
                $0.status = .cancelled
                $0.autoRenew = false
            }
        } else if let event = event.exactly(PaymentMethodChanged.self) {
            update(event.member, in: &state) { $0.defaultPaymentMethod = event.method }
        } else if let event = event.exactly(AutoRenewChanged.self) {
            update(event.member, in: &state) { $0.autoRenew = event.enabled }
        } else if let event = event.exactly(PlanSwitched.self) {
            update(event.member, in: &state) { $0.plan = event.plan }
        } else if let event = event.exactly(PromoCodeApplied.self) {
            update(event.member, in: &state) { $0.promoCodes.append(event.code) }
        } else if let event = event.exactly(SurveySubmitted.self) {
            update(event.member, in: &state) { $0.surveyAnswers.append(event.answer) }
        }
    }

    private static func update(_ id: String, in state: inout State, _ change: (inout Member) -> Void) {
        var member = state.member(id)
        change(&member)
        state.members[id] = member
    }
}
