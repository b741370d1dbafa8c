/// How the client draws tags: font, colour, line count and alignment per style.
public struct Theme: Sendable {
    public enum Font: String, Sendable, Hashable { case title, body, caption }
    public enum Alignment: String, Sendable, Hashable { case leading, center, trailing }

    public struct TextStyle: Sendable, Hashable {
        public var font: Font
        public var color: String
        public var lines: Int
        public var alignment: Alignment

        public init(font: Font = .body, color: String = "primary", lines: Int = 1, alignment: Alignment = .leading) {
            self.font = font
            self.color = color
            self.lines = lines
            self.alignment = alignment
        }
    }

    /// The style of an element without tags.
    public var base: TextStyle
    /// Each tag's change to the style, applied in the element's tag order.
    public var tags: [Tag: @Sendable (inout TextStyle) -> Void]

    public init(base: TextStyle, tags: [Tag: @Sendable (inout TextStyle) -> Void]) {
        self.base = base
        self.tags = tags
    }

    /// The style for an element with `tags`.
    public func style(for tags: [Tag]) -> TextStyle {
        var style = base
        for tag in tags { self.tags[tag]?(&style) }
        return style
    }

    /// Uber-like defaults: titles bold and on one line, captions muted.
    public static let standard = Theme(base: TextStyle(), tags: [
        .title: { $0.font = .title },
        .subtitle: { $0.font = .body; $0.color = "secondary" },
        .body: { $0.font = .body },
        .caption: { $0.font = .caption; $0.color = "secondary" },
        .emphasis: { $0.font = .title },
        .muted: { $0.color = "tertiary" },
        .accent: { $0.color = "accent" },
        .warning: { $0.color = "warning" },
        .leading: { $0.alignment = .leading },
        .center: { $0.alignment = .center },
        .trailing: { $0.alignment = .trailing },
        .singleLine: { $0.lines = 1 },
        .rounded: { _ in },
    ])
}
