/// One change of an `updateCards` action: replace the card `id` with `card`, or patch its fields.
public struct CardUpdate: Codable, Sendable, Equatable {
    public var id: String
    /// The new card model, replacing the old one entirely.
    public var card: Card?
    /// Sets a button's `enabled`.
    public var enabled: Bool?
    /// Sets the card's main text (rich text, button title, message body, key–value value, header title).
    public var text: String?

    public init(id: String, card: Card? = nil, enabled: Bool? = nil, text: String? = nil) {
        self.id = id
        self.card = card
        self.enabled = enabled
        self.text = text
    }

    /// `target` with this update applied.
    func applied(to target: Card) -> Card {
        if var replacement = card {
            replacement.id = target.id
            return replacement
        }
        var patched = target
        patched.content = target.content.patched(enabled: enabled, text: text)
        return patched
    }
}

extension CardContent {
    func patched(enabled: Bool?, text: String?) -> CardContent {
        switch self {
        case .button(var button):
            if let enabled { button.enabled = enabled }
            if let text { button.title = text }
            return .button(button)
        case .richText(var model) where text != nil:
            model.text = text ?? model.text
            return .richText(model)
        case .message(var model) where text != nil:
            model.body = text ?? model.body
            return .message(model)
        case .keyValue(var model) where text != nil:
            model.value = text ?? model.value
            return .keyValue(model)
        case .header(var model) where text != nil:
            model.title = text ?? model.title
            return .header(model)
        case .textField(var model) where text != nil:
            model.text = text
            return .textField(model)
        default:
            return self
        }
    }
}
