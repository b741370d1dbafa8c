import PlatformKit

/// The one presenter of every card screen: main cards scroll top down, bottom cards are pinned
/// below them. Headless, it draws a screen as text, each line at most `width` terminal columns
/// and without control characters; unknown cards are skipped.
public struct CardScreenPresenter: Sendable {
    public var width: Int
    public var viewables = CardViewableProvider()
    /// Whether each card's id and action are drawn beside it.
    public var showsActions: Bool

    public init(width: Int = 60, showsActions: Bool = true) {
        self.width = max(20, width)
        self.showsActions = showsActions
    }

    /// The screen as lines of text; `pending` cards are marked.
    public func render(_ screen: CardScreenPresentation, pending: Set<String> = []) -> String {
        let title = TerminalColumns.printable("== \(screen.title ?? screen.screenID) (\(screen.analyticsID)) ")
        var out: [String] = [TextLayout.truncate(title + String(repeating: "=", count: max(2, width - TerminalColumns.of(title))), width: width)]
        for card in screen.mainCards { draw(card, pending: pending, into: &out) }
        if !screen.bottomCards.isEmpty {
            out.append(String(repeating: "=", count: width - 7) + " pinned")
            for card in screen.bottomCards { draw(card, pending: pending, into: &out) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func draw(_ card: Card, pending: Set<String>, into out: inout [String]) {
        guard let viewable = viewables.viewable(for: card) else {
            out.append(contentsOf: TextLayout.wrap("(skipped \(card.id): unknown card type \(card.content.type))", width: width - 2).map { "  " + $0 })
            return
        }
        let body = viewable.lines(width: width - 2)
        out.append(contentsOf: body.map { "  " + $0 })
        guard showsActions else { return }
        var note = "#\(card.id)"
        if pending.contains(card.id) { note += " (pending…)" }
        if let replaced = card.replacedType { note += " (fallback for \(replaced))" }
        if let action = card.action { note += " → " + action.compactDescription }
        appendNote(note, to: &out)
        if case .list(let list) = card.content {
            for item in list.items {
                if let action = item.action { appendNote("#\(card.id)/\(item.id) → " + action.compactDescription, to: &out) }
            }
        }
    }

    /// A card's note, indented and wrapped to the width, continuation lines indented further.
    private func appendNote(_ note: String, to out: inout [String]) {
        let lines = TextLayout.wrap(note, width: width - 6)
        out.append(contentsOf: lines.prefix(1).map { "    " + $0 } + lines.dropFirst().map { "      " + $0 })
    }
}

extension Action {
    /// One-line form: `cancelMembership ✓navigateBack(✓reload) ✗showAlert`.
    public var compactDescription: String {
        var text = type.rawValue
        var arguments: [String] = []
        if let screen { arguments.append(screen) }
        if let field { arguments.append(field) }
        if let value { arguments.append(value) }
        arguments += params.keys.sorted().map { "\($0)=\(params[$0] ?? "")" }
        if !updates.isEmpty { arguments.append(updates.map(\.id).joined(separator: ",")) }
        if !actions.isEmpty { arguments.append(actions.map(\.compactDescription).joined(separator: "; ")) }
        if !routes.isEmpty { arguments.append(routes.keys.sorted().map { "\($0)→\(routes[$0]?.compactDescription ?? "")" }.joined(separator: " | ")) }
        if !arguments.isEmpty { text += "(" + arguments.joined(separator: ", ") + ")" }
        if let success { text += " ✓" + success.compactDescription }
        if let failure { text += " ✗" + failure.compactDescription }
        return text
    }
}
