/// One card: an id, its view model (``CardContent``) and an optional action.
///
/// JSON: `{"id": "continue", "type": "button", "title": "Continue", "enabled": false, "action": {…}}`.
/// A card whose `type` the client does not know decodes as ``CardContent/unknown(type:)``, or as its
/// declared `fallback` card; presenters skip unknown cards and report them.
public struct Card: Sendable, Equatable {
    public var id: String
    /// Analytics name of the card; taps and impressions also carry the screen's analytics id.
    public var analyticsID: String?
    public var content: CardContent
    /// Performed when the card is tapped (for a radio group: when an option is chosen).
    public var action: Action?
    /// Server-side display conditions: the card is served only when one of them holds.
    public var visibleWhen: [String]?
    /// The `type` the server sent when it was unknown and replaced by its fallback.
    public var replacedType: String?

    public init(id: String, content: CardContent, action: Action? = nil, analyticsID: String? = nil, visibleWhen: [String]? = nil) {
        self.id = id
        self.content = content
        self.action = action
        self.analyticsID = analyticsID
        self.visibleWhen = visibleWhen
    }
}

/// The view model of a card, by kind.
public enum CardContent: Sendable, Equatable {
    case richText(RichTextCard)
    case image(ImageCard)
    case button(ButtonCard)
    case spacer(SpacerCard)
    case list(ListCard)
    case message(MessageCard)
    case radioOptionGroup(RadioOptionGroupCard)
    case keyValue(KeyValueCard)
    case divider(DividerCard)
    case header(HeaderCard)
    case textField(TextFieldCard)
    /// A card type this client does not know.
    case unknown(type: String)

    /// The JSON `type`.
    public var type: String {
        switch self {
        case .richText: "richText"
        case .image: "image"
        case .button: "button"
        case .spacer: "spacer"
        case .list: "list"
        case .message: "message"
        case .radioOptionGroup: "radioOptionGroup"
        case .keyValue: "keyValue"
        case .divider: "divider"
        case .header: "header"
        case .textField: "textField"
        case .unknown(let type): type
        }
    }
}

extension Card: Codable {
    private enum Keys: String, CodingKey {
        case id, type, analyticsID, action, visibleWhen, fallback, replacedType
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let type = try container.decode(String.self, forKey: .type)
        let content = try CardContent(type: type, from: decoder)
        if case .unknown = content, let fallback = try container.decodeIfPresent(Card.self, forKey: .fallback) {
            self = fallback
            id = try container.decode(String.self, forKey: .id)
            replacedType = type
            return
        }
        id = try container.decode(String.self, forKey: .id)
        analyticsID = try container.decodeIfPresent(String.self, forKey: .analyticsID)
        action = try container.decodeIfPresent(Action.self, forKey: .action)
        visibleWhen = try container.decodeIfPresent([String].self, forKey: .visibleWhen)
        replacedType = try container.decodeIfPresent(String.self, forKey: .replacedType)
        self.content = content
    }

    public func encode(to encoder: any Encoder) throws {
        try content.encodeFields(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(content.type, forKey: .type)
        try container.encodeIfPresent(analyticsID, forKey: .analyticsID)
        try container.encodeIfPresent(action, forKey: .action)
        try container.encodeIfPresent(visibleWhen, forKey: .visibleWhen)
        try container.encodeIfPresent(replacedType, forKey: .replacedType)
    }
}

extension CardContent {
    init(type: String, from decoder: any Decoder) throws {
        switch type {
        case "richText": self = .richText(try RichTextCard(from: decoder))
        case "image": self = .image(try ImageCard(from: decoder))
        case "button": self = .button(try ButtonCard(from: decoder))
        case "spacer": self = .spacer(try SpacerCard(from: decoder))
        case "list": self = .list(try ListCard(from: decoder))
        case "message": self = .message(try MessageCard(from: decoder))
        case "radioOptionGroup": self = .radioOptionGroup(try RadioOptionGroupCard(from: decoder))
        case "keyValue": self = .keyValue(try KeyValueCard(from: decoder))
        case "divider": self = .divider(DividerCard())
        case "header": self = .header(try HeaderCard(from: decoder))
        case "textField": self = .textField(try TextFieldCard(from: decoder))
        default: self = .unknown(type: type)
        }
    }

    func encodeFields(to encoder: any Encoder) throws {
        switch self {
        case .richText(let model): try model.encode(to: encoder)
        case .image(let model): try model.encode(to: encoder)
        case .button(let model): try model.encode(to: encoder)
        case .spacer(let model): try model.encode(to: encoder)
        case .list(let model): try model.encode(to: encoder)
        case .message(let model): try model.encode(to: encoder)
        case .radioOptionGroup(let model): try model.encode(to: encoder)
        case .keyValue(let model): try model.encode(to: encoder)
        case .header(let model): try model.encode(to: encoder)
        case .textField(let model): try model.encode(to: encoder)
        case .divider, .unknown: break
        }
    }
}
