import EventLog
import PlatformKit

/// One user's card flow: the navigation stack of card screens, the shared ActionCardData, pending
/// cards, and the built-in analytics. Synchronous and driven in virtual time: every call says when
/// it happens, and back-end answers are seen at the instant they arrive.
///
/// Every change is recorded as an event on `actioncards-<member>` in the outbox; each call returns
/// the step's events (``StepResult``) for the caller to append to the shared log.
public final class ActionCardSession {
    public let member: String
    /// `eats` or `rides`: the app the session runs in.
    public let app: String
    public let stream: String
    public private(set) var data = ActionCardData()
    public private(set) var now: Instant
    let chain: ActionFlowChain
    let screens: CardScreenSource
    let outbox: EventOutbox
    var stack: [StackEntry] = []
    var pendingCards: [String: Int] = [:]
    var inflight: [Inflight] = []
    var screenViews = 0
    var impressed: Set<String> = []

    struct StackEntry {
        var screen: CardScreenPresentation
        var params: [String: String]
        /// The completion of the action that pushed this screen, performed when it is popped.
        var completion: Action?
        var origin: String
    }

    struct Inflight {
        var call: PendingCall
        var action: Action
        var handler: String
        var origin: String
        var depth: Int
    }

    /// The stream of the sessions of `member`: `actioncards-<member>`.
    public static func streamID(of member: String) -> String { "actioncards-\(member)" }

    /// A session with no screen yet; call ``open(_:params:at:)``.
    public init(member: String, app: String, chain: ActionFlowChain, screens: CardScreenSource, outbox: EventOutbox = EventOutbox(), at start: Instant) {
        self.member = member
        self.app = app
        self.stream = Self.streamID(of: member)
        self.chain = chain
        self.screens = screens
        self.outbox = outbox
        self.now = start
    }

    /// The top screen, `nil` before opening or after dismissal.
    public var screen: CardScreenPresentation? { stack.last?.screen }
    /// Ids of the screens on the stack, root first.
    public var screenIDs: [String] { stack.map(\.screen.screenID) }
    /// Cards waiting for a back-end answer; taps on them are ignored.
    public var pendingCardIDs: Set<String> { Set(pendingCards.keys) }
    /// Whether a back-end answer is still to arrive.
    public var isWaiting: Bool { !inflight.isEmpty }
    /// The earliest instant a back-end answer arrives.
    public var nextDue: Instant? { inflight.map(\.call.due).min() }

    /// Opens the flow at `screenID`.
    public func open(_ screenID: String, params: [String: String] = [:], at instant: Instant) throws -> StepResult {
        try step(at: instant) {
            switch screens.fetch(screenID, params, member, now) {
            case .success(let screen):
                stack = [StackEntry(screen: screen, params: params, completion: nil, origin: "")]
                try present(reason: "open")
            case .failure(let error):
                outbox.record(FlowCompleted(actionType: "open", handler: "session", succeeded: false, detail: error.description), stream: stream)
            }
        }
    }

    /// Taps card `cardID` of the top screen; `option` names a radio option or a list row.
    public func tap(_ cardID: String, option: String? = nil, at instant: Instant) throws -> StepResult {
        try step(at: instant) {
            guard let screen, let card = screen.card(cardID) else {
                return try ignore(cardID, "not on the screen")
            }
            if pendingCards[cardID] != nil { return try ignore(cardID, "pending") }
            switch card.content {
            case .button(let button) where !button.isEnabled:
                return try ignore(cardID, "disabled")
            case .unknown(let type):
                return try ignore(cardID, "unknown card type \(type)")
            case .radioOptionGroup(let group):
                guard let option, group.options.contains(where: { $0.id == option }) else {
                    return try ignore(cardID, "no option \(option ?? "(none)")")
                }
                try recordTap(card, on: screen, option: option)
                try select(option, in: card, group: group)
                if let action = card.action { try perform(action, role: "select", origin: cardID, depth: 0) }
            case .list(let list):
                guard let item = list.items.first(where: { $0.id == option }) else {
                    return try ignore(cardID, "no row \(option ?? "(none)")")
                }
                try recordTap(card, on: screen, option: option)
                if let action = item.action { try perform(action, role: "tap", origin: cardID, depth: 0) }
            default:
                try recordTap(card, on: screen, option: nil)
                if let action = card.action { try perform(action, role: "tap", origin: cardID, depth: 0) }
            }
        }
    }

    /// Types `text` into the text field `cardID`; the text goes to the ActionCardData.
    public func enterText(_ text: String, into cardID: String, at instant: Instant) throws -> StepResult {
        try step(at: instant) {
            guard let card = screen?.card(cardID), case .textField = card.content else {
                return try ignore(cardID, "not a text field on the screen", step: "type")
            }
            try setData(cardID, text)
            try replaceTop(cardID: cardID, with: card.content.patched(enabled: nil, text: text))
        }
    }

    /// Lets virtual time pass: back-end answers due by `instant` complete their flows.
    public func advance(to instant: Instant) throws -> StepResult {
        try step(at: instant) {}
    }

    // MARK: - Steps

    private func step(at instant: Instant, _ body: () throws -> Void) throws -> StepResult {
        try settle(until: instant)
        try body()
        return StepResult(events: outbox.drain())
    }

    private func settle(until instant: Instant) throws {
        now = max(now, instant)
        while let index = inflight.indices.filter({ inflight[$0].call.due <= now }).min(by: { inflight[$0].call.due < inflight[$1].call.due }) {
            let done = inflight.remove(at: index)
            pendingCards[done.origin, default: 1] -= 1
            if pendingCards[done.origin] == 0 {
                pendingCards[done.origin] = nil
                record(CardPendingChanged(screenID: screen?.screenID ?? "", cardID: done.origin, pending: false))
            }
            try finish(done.action, handler: done.handler, outcome: done.call.outcome, origin: done.origin, depth: done.depth)
        }
    }

    func record(_ event: some Event) {
        outbox.record(event, stream: stream)
    }

    private func ignore(_ cardID: String, _ reason: String, step: String? = nil) throws {
        record(TapIgnored(screenID: screen?.screenID ?? "", cardID: cardID, reason: reason, step: step))
    }

    private func recordTap(_ card: Card, on screen: CardScreenPresentation, option: String?) throws {
        record(CardTapped(analyticsID: screen.analyticsID, screenID: screen.screenID, cardID: card.id, cardAnalyticsID: card.analyticsID, option: option))
    }

    private func select(_ option: String, in card: Card, group: RadioOptionGroupCard) throws {
        var group = group
        group.selected = option
        try setData(card.id, option)
        try replaceTop(cardID: card.id, with: .radioOptionGroup(group))
    }

    func setData(_ field: String, _ value: String?) throws {
        data[field] = value
        record(CardDataChanged(field: field, value: value))
    }

    private func replaceTop(cardID: String, with content: CardContent) throws {
        guard var top = stack.last, var card = top.screen.card(cardID) else { return }
        card.content = content
        if let updated = top.screen.updating([CardUpdate(id: cardID, card: card)]) {
            top.screen = updated
            stack[stack.count - 1] = top
            record(CardsUpdated(screenID: updated.screenID, cardIDs: [cardID]))
        }
    }
}

/// The events of one session step, typed, with their streams.
public struct StepResult {
    public var events: [TypedEvent]

    public init(events: [TypedEvent]) {
        self.events = events
    }

    /// Appends the step's events to `log` in one batch.
    public func append(to log: some EventLogWriter) throws {
        if !events.isEmpty { try log.record(events) }
    }

    /// The step's events of type `E`.
    public func of<E: Event>(_ type: E.Type) -> [E] { events.compactMap { $0.event as? E } }
}
