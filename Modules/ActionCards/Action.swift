/// What happens when a card is tapped: a type and all the data its flow needs, decoupled from any card.
///
/// Any action may carry a ``success`` and a ``failure`` CompletionAction, themselves actions, nested
/// to any depth: "cancel → navigate back → reload" is configuration, not code.
///
/// JSON: `{"type": "cancelMembership", "success": {"type": "navigateBack", "success": {"type": "reload"}}}`.
public struct Action: Sendable, Equatable {
    public var type: ActionType
    /// The target screen (`navigateToScreen`, `replaceScreen`).
    public var screen: String?
    /// Parameters: screen parameters for navigation, request data for other flows.
    public var params: [String: String]
    /// Names the shared ``ActionCardData`` field a flow reads or writes, or a named action (`perform`).
    public var field: String?
    /// A free value: a URL, a plan, a payment method, a help topic, an offer, a text.
    public var value: String?
    public var title: String?
    public var message: String?
    /// Card updates (`updateCards`).
    public var updates: [CardUpdate]
    /// The actions of a `sequence`.
    public var actions: [Action]
    /// Routes by a data value (e.g. the survey's chosen option); `"*"` is the default route.
    public var routes: [String: Action]
    private var completions: Completions?

    public init(
        _ type: ActionType, screen: String? = nil, params: [String: String] = [:], field: String? = nil, value: String? = nil,
        title: String? = nil, message: String? = nil, updates: [CardUpdate] = [], actions: [Action] = [],
        routes: [String: Action] = [:], success: Action? = nil, failure: Action? = nil
    ) {
        self.type = type
        self.screen = screen
        self.params = params
        self.field = field
        self.value = value
        self.title = title
        self.message = message
        self.updates = updates
        self.actions = actions
        self.routes = routes
        self.completions = Completions.make(success: success, failure: failure)
    }

    /// The CompletionAction performed after this action's flow succeeds.
    public var success: Action? {
        get { completions?.success }
        set { completions = Completions.make(success: newValue, failure: failure) }
    }

    /// The CompletionAction performed after this action's flow fails.
    public var failure: Action? {
        get { completions?.failure }
        set { completions = Completions.make(success: success, failure: newValue) }
    }

    /// Every action nested in this one (completions, sequence members, routes), depth first.
    public var children: [Action] {
        [success, failure].compactMap { $0 } + actions + routes.keys.sorted().compactMap { routes[$0] }
            + updates.compactMap(\.card?.action) + updates.flatMap { $0.card?.listActions ?? [] }
    }
}

/// The success and failure actions, boxed: a struct cannot contain itself.
private final class Completions: Sendable, Equatable {
    let success: Action?
    let failure: Action?

    private init(success: Action?, failure: Action?) {
        self.success = success
        self.failure = failure
    }

    static func make(success: Action?, failure: Action?) -> Completions? {
        success == nil && failure == nil ? nil : Completions(success: success, failure: failure)
    }

    static func == (lhs: Completions, rhs: Completions) -> Bool {
        lhs.success == rhs.success && lhs.failure == rhs.failure
    }
}

extension Action: Codable {
    private enum Keys: String, CodingKey {
        case type, screen, params, field, value, title, message, updates, actions, routes, success, failure
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            try container.decode(ActionType.self, forKey: .type),
            screen: try container.decodeIfPresent(String.self, forKey: .screen),
            params: try container.decodeIfPresent([String: String].self, forKey: .params) ?? [:],
            field: try container.decodeIfPresent(String.self, forKey: .field),
            value: try container.decodeIfPresent(String.self, forKey: .value),
            title: try container.decodeIfPresent(String.self, forKey: .title),
            message: try container.decodeIfPresent(String.self, forKey: .message),
            updates: try container.decodeIfPresent([CardUpdate].self, forKey: .updates) ?? [],
            actions: try container.decodeIfPresent([Action].self, forKey: .actions) ?? [],
            routes: try container.decodeIfPresent([String: Action].self, forKey: .routes) ?? [:],
            success: try container.decodeIfPresent(Action.self, forKey: .success),
            failure: try container.decodeIfPresent(Action.self, forKey: .failure)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(screen, forKey: .screen)
        if !params.isEmpty { try container.encode(params, forKey: .params) }
        try container.encodeIfPresent(field, forKey: .field)
        try container.encodeIfPresent(value, forKey: .value)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(message, forKey: .message)
        if !updates.isEmpty { try container.encode(updates, forKey: .updates) }
        if !actions.isEmpty { try container.encode(actions, forKey: .actions) }
        if !routes.isEmpty { try container.encode(routes, forKey: .routes) }
        try container.encodeIfPresent(success, forKey: .success)
        try container.encodeIfPresent(failure, forKey: .failure)
    }
}

extension Card {
    /// The actions of a list card's rows.
    var listActions: [Action] {
        guard case .list(let list) = content else { return [] }
        return list.items.compactMap(\.action)
    }
}
