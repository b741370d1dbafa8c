import PlatformKit

/// A renderable card: headless, it draws itself as lines of text of at most `width` columns.
public protocol CardViewable {
    func lines(width: Int) -> [String]
}

/// Builds the ``CardViewable`` of a card model; `nil` for a card type this client does not know.
public struct CardViewableProvider: Sendable {
    public init() {}

    public func viewable(for card: Card) -> (any CardViewable)? {
        switch card.content {
        case .richText(let model): model
        case .image(let model): model
        case .button(let model): model
        case .spacer(let model): model
        case .list(let model): model
        case .message(let model): model
        case .radioOptionGroup(let model): model
        case .keyValue(let model): model
        case .divider(let model): model
        case .header(let model): model
        case .textField(let model): model
        case .unknown: nil
        }
    }
}

extension RichTextCard: CardViewable {
    public func lines(width: Int) -> [String] {
        let text = style == "emphasis" ? "*\(self.text)*" : self.text
        return TextLayout.wrap(text, width: width)
    }
}

extension ImageCard: CardViewable {
    public func lines(width: Int) -> [String] { TextLayout.wrap("[image: \(alt)]", width: width) }
}

extension ButtonCard: CardViewable {
    public func lines(width: Int) -> [String] {
        let label = isEnabled ? "[ \(title) ]" : "[ \(title) ] (disabled)"
        return [TextLayout.truncate(label, width: width)]
    }
}

extension SpacerCard: CardViewable {
    public func lines(width: Int) -> [String] {
        let line = background.map { TextLayout.truncate("~ \($0)", width: width) } ?? ""
        return Array(repeating: line, count: max(1, min(height, Self.maximumHeight) / 8))
    }
}

extension ListCard: CardViewable {
    public func lines(width: Int) -> [String] {
        items.flatMap { item in
            TextLayout.wrap("• \(item.title)", width: width)
                + (item.subtitle.map { TextLayout.wrap("  \($0)", width: width) } ?? [])
        }
    }
}

extension MessageCard: CardViewable {
    public func lines(width: Int) -> [String] {
        let inner = max(1, width - 4)
        let border = "+" + String(repeating: "-", count: inner + 2) + "+"
        let tag = tone.map { " (\($0))" } ?? ""
        let body = TextLayout.wrap(title + tag, width: inner) + TextLayout.wrap(self.body, width: inner)
        return [border] + body.map { "| " + TerminalColumns.padded($0, to: inner) + " |" } + [border]
    }
}

extension RadioOptionGroupCard: CardViewable {
    public func lines(width: Int) -> [String] {
        options.map { TextLayout.truncate(($0.id == selected ? "(•) " : "( ) ") + $0.label, width: width) }
    }
}

extension KeyValueCard: CardViewable {
    public func lines(width: Int) -> [String] {
        let (key, value) = (TerminalColumns.printable(key), TerminalColumns.printable(value))
        let gap = width - TerminalColumns.of(key) - TerminalColumns.of(value)
        guard gap >= 1 else { return TextLayout.wrap("\(key): \(value)", width: width) }
        return [key + String(repeating: " ", count: gap) + value]
    }
}

extension DividerCard: CardViewable {
    public func lines(width: Int) -> [String] { [String(repeating: "─", count: width)] }
}

extension HeaderCard: CardViewable {
    public func lines(width: Int) -> [String] {
        TextLayout.wrap(title.uppercased(), width: width) + (subtitle.map { TextLayout.wrap($0, width: width) } ?? [])
    }
}

extension TextFieldCard: CardViewable {
    public func lines(width: Int) -> [String] {
        [TextLayout.truncate("[\(text ?? "") _] " + (text == nil ? placeholder : ""), width: width)]
    }
}

/// Word wrapping and truncation by terminal columns (PlatformKit's ``TerminalColumns``).
/// Text is made printable first: a server's text never moves the terminal's cursor.
enum TextLayout {
    /// `text` in lines of at most `width` columns, broken at spaces where it can be.
    static func wrap(_ text: String, width: Int) -> [String] {
        let text = TerminalColumns.printable(text)
        guard TerminalColumns.of(text) > width, width > 0 else { return [text] }
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let columns = TerminalColumns.of(word)
            if !line.isEmpty, used + 1 + columns > width {
                lines.append(line)
                (line, used) = ("", 0)
            }
            (line, used) = line.isEmpty ? (String(word), columns) : (line + " " + word, used + 1 + columns)
            while used > width {
                let fits = TerminalColumns.prefix(Substring(line), fitting: width)
                // A character wider than the whole line goes on a line of its own.
                let cut = fits.isEmpty ? line.index(after: line.startIndex) : fits.endIndex
                lines.append(String(line[..<cut]))
                line = String(line[cut...])
                used = TerminalColumns.of(line)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` cut to at most `width` columns, ending in `…` where it was cut.
    static func truncate(_ text: String, width: Int) -> String {
        TerminalColumns.truncated(TerminalColumns.printable(text), to: width)
    }
}
