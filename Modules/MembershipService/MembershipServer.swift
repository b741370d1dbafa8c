import ActionCards
import EventLog
import MembershipContract
import PlatformKit

/// The membership back end: plans, member status, payment methods, purchases, renewals, free
/// trials, cancellations and post-expiry offers, and the card screens, served from display configs
/// resolved for each member. No screen has Swift code of its own.
///
/// Its state is ``MembershipProjection``'s, kept by applying the events it records in `outbox`
/// (stream `membership-<member>`).
public final class MembershipServer {
    public private(set) var state = MembershipProjection.State()
    public let catalog: ScreenCatalog
    let outbox: EventOutbox

    public init(catalog: ScreenCatalog, outbox: EventOutbox) {
        self.catalog = catalog
        self.outbox = outbox
    }

    /// Handles one request arriving at `instant`.
    public func handle(_ request: MembershipRequest, at instant: Instant) -> MembershipResponse {
        if case .screen(let member, let app, let screen, let params) = request {
            guard let config = catalog.screens[screen] else { return .rejected("no screen \(screen)") }
            return .screen(template(for: member, app: app, params: params).resolve(config))
        }
        switch MembershipRules.decide(request, state: state) {
        case .success(let events):
            record(events)
            return .done(events.map { String(describing: $0) }.joined(separator: "; "))
        case .failure(let refusal):
            record(refusal.events)
            return .rejected(refusal.reason)
        }
    }

    /// Puts `member` in a starting state (simulation set-up).
    public func enroll(_ member: String, status: MemberStatus, plan: String? = nil) {
        record([MemberEnrolled(member: member, status: status.rawValue, plan: plan)])
    }

    /// A transport to this server through `conditions`; JSON on the wire unless `encodesMessages` is false.
    public func transport(conditions: NetworkConditions = .perfect, random: RandomSource, encodesMessages: Bool = true)
        -> InProcessTransport<MembershipRequest, MembershipResponse>
    {
        InProcessTransport(conditions: conditions, random: random, encodesMessages: encodesMessages) { [self] request, instant in
            handle(request, at: instant)
        }
    }

    /// The stream of the membership of `member`: `membership-<member>`.
    public static func streamID(of member: String) -> String { "membership-\(member)" }

    private func record(_ events: [any Event]) {
        for event in events {
            MembershipProjection.apply(event, to: &state)
            guard let member = (event as? any MemberEvent)?.member else { continue }
            outbox.record(event, stream: Self.streamID(of: member))
        }
    }

    /// The facts (`visibleWhen` conditions) and values (`{{name}}`) a screen is resolved with.
    func template(for id: String, app: String, params: [String: String]) -> ScreenTemplate {
        let member = state.member(id)
        let plan = member.plan.flatMap(Plan.named)
        let selected = params["plan"].flatMap(Plan.named) ?? plan ?? Plan.all[0]
        var values: [String: String] = [
            "member.id": id,
            "member.status": member.status.rawValue,
            "member.statusText": Self.statusText[member.status] ?? member.status.rawValue,
            "member.plan": plan?.name ?? "no plan",
            "member.price": plan.map { "\($0.price)" } ?? "-",
            "member.paymentMethod": member.defaultPaymentMethod,
            "member.autoRenew": member.autoRenew ? "on" : "off",
            "member.purchases": String(member.purchases),
            "selected.id": selected.id,
            "selected.name": selected.name,
            "selected.price": "\(selected.price)",
        ]
        for (key, value) in params { values["param.\(key)"] = value }
        var facts: Set<String> = ["status:\(member.status.rawValue)", "autoRenew:\(member.autoRenew ? "on" : "off")", "app:\(app)"]
        facts.insert(member.trialUsed || member.status != .none ? "trial:unavailable" : "trial:available")
        if member.status.hasBenefits { facts.insert("benefits") }
        if let plan { facts.insert("plan:\(plan.id)") }
        return ScreenTemplate(facts: facts, values: values)
    }

    static let statusText: [MemberStatus: String] = [
        .none: "Not a member",
        .trial: "Free trial",
        .active: "Active",
        .cancelled: "Cancelled — benefits until the period ends",
        .expired: "Expired",
    ]
}

/// Membership events name their member.
protocol MemberEvent: Event {
    var member: String { get }
}

extension MemberEnrolled: MemberEvent {}
extension MembershipPurchased: MemberEvent {}
extension PurchaseDeclined: MemberEvent {}
extension FreeTrialStarted: MemberEvent {}
extension MembershipCancelled: MemberEvent {}
extension PaymentMethodChanged: MemberEvent {}
extension AutoRenewChanged: MemberEvent {}
extension PlanSwitched: MemberEvent {}
extension PromoCodeApplied: MemberEvent {}
extension SurveySubmitted: MemberEvent {}
