/// The card kinds: one layout each, named for the layout, never for a business meaning.
///
/// Each kind is the view model of its card; its fields are the JSON keys beside `id` and `type`.

/// Styled paragraphs of text.
public struct RichTextCard: Codable, Sendable, Equatable {
    public init(text: String, style: String? = nil) {
        self.text = text
        self.style = style
    }

    public var text: String
    /// `body` (default), `caption` or `emphasis`.
    public var style: String?
}

/// An image by URL with its alternative text (headless: the text is drawn).
public struct ImageCard: Codable, Sendable, Equatable {
    public init(url: String, alt: String) {
        self.url = url
        self.alt = alt
    }

    public var url: String
    public var alt: String
}

/// A tappable button; a disabled button ignores taps.
public struct ButtonCard: Codable, Sendable, Equatable {
    public init(title: String, enabled: Bool? = nil, style: String? = nil) {
        self.title = title
        self.enabled = enabled
        self.style = style
    }

    public var title: String
    public var enabled: Bool?
    /// `primary` (default), `secondary` or `destructive`.
    public var style: String?
    public var isEnabled: Bool { enabled ?? true }
}

/// Vertical space with an optional background colour.
public struct SpacerCard: Codable, Sendable, Equatable {
    public init(height: Int, background: String? = nil) {
        self.height = height
        self.background = background
    }

    public var height: Int
    public var background: String?

    /// The tallest spacer drawn, in points: a taller one is a config problem, and is drawn this tall.
    public static let maximumHeight = 400
}

/// Rows with a title, a subtitle and an action each: one card, several targets.
public struct ListCard: Codable, Sendable, Equatable {
    public init(items: [Item]) {
        self.items = items
    }

    public struct Item: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var subtitle: String?
        public var action: Action?
    }
    public var items: [Item]
}

/// A boxed message with a title, a body and a tone (`info`, `success`, `warning`, `error`).
public struct MessageCard: Codable, Sendable, Equatable {
    public init(title: String, body: String, tone: String? = nil) {
        self.title = title
        self.body = body
        self.tone = tone
    }

    public var title: String
    public var body: String
    public var tone: String?
}

/// Mutually exclusive options; the choice goes to the shared ``ActionCardData`` under the card's id.
public struct RadioOptionGroupCard: Codable, Sendable, Equatable {
    public init(options: [Option], selected: String? = nil) {
        self.options = options
        self.selected = selected
    }

    public struct Option: Codable, Sendable, Equatable {
        public var id: String
        public var label: String
    }
    public var options: [Option]
    public var selected: String?
}

/// A label and its value on one row.
public struct KeyValueCard: Codable, Sendable, Equatable {
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    public var key: String
    public var value: String
}

/// A horizontal rule.
public struct DividerCard: Codable, Sendable, Equatable {
    public init() {}
}

/// A title with an optional subtitle.
public struct HeaderCard: Codable, Sendable, Equatable {
    public init(title: String, subtitle: String? = nil) {
        self.title = title
        self.subtitle = subtitle
    }

    public var title: String
    public var subtitle: String?
}

/// A text field; what the user types goes to the shared ``ActionCardData`` under the card's id.
public struct TextFieldCard: Codable, Sendable, Equatable {
    public init(placeholder: String, text: String? = nil) {
        self.placeholder = placeholder
        self.text = text
    }

    public var placeholder: String
    public var text: String?
}
