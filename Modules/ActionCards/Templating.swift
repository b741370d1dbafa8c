/// Server-side resolution of a display config: drops cards whose `visibleWhen` conditions all fail
/// and fills `{{name}}` placeholders in texts and action data.
public struct ScreenTemplate: Sendable {
    /// Conditions that hold, e.g. `status:active`.
    public var facts: Set<String>
    /// Placeholder values, e.g. `plan.price` → `$9.99`.
    public var values: [String: String]

    public init(facts: Set<String>, values: [String: String]) {
        self.facts = facts
        self.values = values
    }

    /// `screen` as served to a client.
    public func resolve(_ screen: CardScreenPresentation) -> CardScreenPresentation {
        var resolved = screen
        resolved.title = screen.title.map(fill)
        resolved.mainCards = screen.mainCards.compactMap(resolve)
        resolved.bottomCards = screen.bottomCards.compactMap(resolve)
        resolved.actions = screen.actions.mapValues(resolve)
        return resolved
    }

    func resolve(_ card: Card) -> Card? {
        if let conditions = card.visibleWhen, !conditions.contains(where: facts.contains) { return nil }
        var card = card
        card.visibleWhen = nil
        card.content = card.content.mapTexts(fill)
        card.action = card.action.map(resolve)
        if case .list(var list) = card.content {
            for index in list.items.indices { list.items[index].action = list.items[index].action.map(resolve) }
            card.content = .list(list)
        }
        return card
    }

    func resolve(_ action: Action) -> Action {
        var action = action
        action.screen = action.screen.map(fill)
        action.params = action.params.mapValues(fill)
        action.value = action.value.map(fill)
        action.title = action.title.map(fill)
        action.message = action.message.map(fill)
        action.actions = action.actions.map(resolve)
        action.routes = action.routes.mapValues(resolve)
        action.updates = action.updates.map { update in
            var update = update
            update.card = update.card.flatMap(resolve)
            update.text = update.text.map(fill)
            return update
        }
        action.success = action.success.map(resolve)
        action.failure = action.failure.map(resolve)
        return action
    }

    /// `text` with each `{{name}}` replaced by its value (unknown names are left as they are).
    ///
    /// Scans UTF-8 bytes: it runs for every text of every screen served.
    public func fill(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        let bytes = Array(text.utf8)
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        var result = ""
        var start = 0
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == open, bytes[index + 1] == open,
                let end = (index + 2..<max(index + 2, bytes.count - 1)).first(where: { bytes[$0] == close && bytes[$0 + 1] == close })
            else {
                index += 1
                continue
            }
            let name = String(decoding: bytes[index + 2..<end], as: UTF8.self)
            result += String(decoding: bytes[start..<index], as: UTF8.self)
            result += values[name] ?? "{{\(name)}}"
            index = end + 2
            start = index
        }
        return result + String(decoding: bytes[start...], as: UTF8.self)
    }
}

extension CardContent {
    /// The content with every user-visible text passed through `transform`.
    func mapTexts(_ transform: (String) -> String) -> CardContent {
        switch self {
        case .richText(var model): model.text = transform(model.text); return .richText(model)
        case .image(var model): model.alt = transform(model.alt); return .image(model)
        case .button(var model): model.title = transform(model.title); return .button(model)
        case .list(var model):
            for index in model.items.indices {
                model.items[index].title = transform(model.items[index].title)
                model.items[index].subtitle = model.items[index].subtitle.map(transform)
            }
            return .list(model)
        case .message(var model):
            model.title = transform(model.title)
            model.body = transform(model.body)
            return .message(model)
        case .radioOptionGroup(var model):
            for index in model.options.indices { model.options[index].label = transform(model.options[index].label) }
            return .radioOptionGroup(model)
        case .keyValue(var model):
            model.key = transform(model.key)
            model.value = transform(model.value)
            return .keyValue(model)
        case .header(var model):
            model.title = transform(model.title)
            model.subtitle = model.subtitle.map(transform)
            return .header(model)
        case .textField(var model): model.placeholder = transform(model.placeholder); return .textField(model)
        case .spacer, .divider, .unknown: return self
        }
    }
}
