import EventLog

// The events of a card session, on the stream `actioncards-<member>`. Every screen presentation,
// action, flow result and state change is one of these; analytics events carry the screen's
// analytics id. `description` is the one-line form the CLI prints.

/// A screen became the top of the stack: one screen view.
public struct ScreenPresented: Event, Equatable, CustomStringConvertible {
    public static let eventType = "actioncards.screen.presented"
    public var screenID: String
    public var analyticsID: String
    /// `open`, `push`, `back`, `reload`, `replace` or `root`.
    public var reason: String
    /// Screen views so far in this session, this one included.
    public var screenView: Int
    /// Stack depth after the presentation (1 = root).
    public var depth: Int
    public var description: String { "screen \(screenID) [\(analyticsID)] \(reason), depth \(depth), view #\(screenView)" }
}

/// The card flow was closed (`dismiss`, or back from the root screen).
public struct SessionDismissed: Event, Equatable, CustomStringConvertible {
    public static let eventType = "actioncards.session.dismissed"
    public var screenID: String
    public var description: String { "dismissed from \(screenID)" }
}

/// A card was shown in a screen view; once per card per screen view.
public struct CardImpression: Event, Equatable, CustomStringConvertible {
    public static let eventType = "actioncards.card.impression"
    public var analyticsID: String
    public var screenView: Int
    public var cardID: String
    public var cardAnalyticsID: String?
    public var description: String { "impression \(cardID) on [\(analyticsID)] view #\(screenView)" }
}

/// The user tapped a card (or one of its rows or options).
public struct CardTapped: Event, Equatable, CustomStringConvertible {
    public static let eventType = "actioncards.card.tapped"
    public var analyticsID: String
    public var screenID: String
    public var cardID: String
    public var cardAnalyticsID: String?
    public var option: String?
    public var description: String { "tap \(cardID)\(option.map { "/\($0)" } ?? "") on [\(analyticsID)]" }
}

/// A tap (or text typed into a card) did nothing: the card is pending, disabled, unknown or not on the screen.
public struct TapIgnored: Event, Equatable, CustomStringConvertible {
    public static let eventType = "actioncards.tap.ignored"
    public var screenID: String
    public var cardID: String
    public var reason: String
    /// `type` for typed text; `nil` for a tap (the only step before typed text was told apart).
    public var step: String?
    public var description: String { "\(step ?? "tap") \(cardID) ignored: \(reason)" }
}

/// A card type the client does not know was skipped or replaced by its fallback.
public struct UnknownCardReported: Event, Equatable, CustomStringConvertible {
    public static let eventType = "actioncards.card.unknown"
    public var screenID: String
    public var cardID: String
    public var type: String
    public var replacedByFallback: Bool
    public var description: String { "unknown card \(cardID) (\(type)) on \(screenID): \(replacedByFallback ? "fallback shown" : "skipped")" }
}

/// An action started: from a tap, as a completion, a sequence member, a route or a named action.
public struct ActionPerformed: Event, Equatable, CustomStringConvertible {
    public static let eventType = "actioncards.action.performed"
    public var screenID: String
    public var cardID: String
    public var actionType: String
    /// `tap`, `success`, `failure`, `sequence`, `route`, `perform` or `select`.
    public var role: String
    public var description: String { "action \(actionType) (\(role)) from \(cardID)" }
}

/// A flow finished an action.
public struct FlowCompleted: Event, Equatable, CustomStringConvertible {
    public static let eventType = "actioncards.flow.completed"
    public var actionType: String
    /// The provider whose flow handled it.
    public var handler: String
    public var succeeded: Bool
    public var detail: String
    public var description: String { "flow \(actionType) by \(handler): \(succeeded ? "success" : "failure")\(detail.isEmpty ? "" : " — \(detail)")" }
}

/// No provider in the chain handles an action: reported with its screen and card.
public struct ActionUnhandled: Event, Equatable, CustomStringConvertible {
    public static let eventType = "actioncards.action.unhandled"
    public var screenID: String
    public var cardID: String
    public var actionType: String
    public var app: String
    public var description: String { "UNHANDLED \(actionType) from \(cardID) on \(screenID) in \(app)" }
}

/// Cards that started a flow became pending, or stopped being pending.
public struct CardPendingChanged: Event, Equatable, CustomStringConvertible {
    public static let eventType = "actioncards.card.pending"
    public var screenID: String
    public var cardID: String
    public var pending: Bool
    public var description: String { "\(cardID) \(pending ? "pending" : "no longer pending")" }
}

/// `updateCards` changed cards of the top screen (all of them, or none and the flow failed).
public struct CardsUpdated: Event, Equatable, CustomStringConvertible {
    public static let eventType = "actioncards.cards.updated"
    public var screenID: String
    public var cardIDs: [String]
    public var description: String { "cards updated on \(screenID): \(cardIDs.joined(separator: ", "))" }
}

/// The shared ActionCardData stream changed: a selection, a text entered, a value set or cleared.
public struct CardDataChanged: Event, Equatable, CustomStringConvertible {
    public static let eventType = "actioncards.data.changed"
    public var field: String
    /// `nil` when the field was cleared.
    public var value: String?
    public var description: String { "data \(field) = \(value ?? "∅")" }
}

/// Something shown to the user outside the cards: an alert, a toast, a URL, a share sheet, a custom analytics event.
public struct UserNotified: Event, Equatable, CustomStringConvertible {
    public static let eventType = "actioncards.user.notified"
    /// `alert`, `toast`, `url`, `share`, `clipboard` or `analytics`.
    public var kind: String
    public var text: String
    public var description: String { "\(kind): \(text)" }
}

/// Every ActionCards event, for tools and projections.
public enum ActionCardsEvents {
    public static var registry: EventRegistry {
        var registry = EventRegistry()
        registry.register(ScreenPresented.self)
        registry.register(SessionDismissed.self)
        registry.register(CardImpression.self)
        registry.register(CardTapped.self)
        registry.register(TapIgnored.self)
        registry.register(UnknownCardReported.self)
        registry.register(ActionPerformed.self)
        registry.register(FlowCompleted.self)
        registry.register(ActionUnhandled.self)
        registry.register(CardPendingChanged.self)
        registry.register(CardsUpdated.self)
        registry.register(CardDataChanged.self)
        registry.register(UserNotified.self)
        return registry
    }
}
