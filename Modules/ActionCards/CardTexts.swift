extension CardContent {
    /// The texts the card draws, each with its JSON path below the card (`title`, `items[0].subtitle`).
    var texts: [(path: String, text: String)] {
        switch self {
        case .richText(let card): [("text", card.text)]
        case .image(let card): [("alt", card.alt)]
        case .button(let card): [("title", card.title)]
        case .spacer(let card): card.background.map { [("background", $0)] } ?? []
        case .list(let card):
            card.items.enumerated().flatMap { index, item in
                [("items[\(index)].title", item.title)] + (item.subtitle.map { [("items[\(index)].subtitle", $0)] } ?? [])
            }
        case .message(let card): [("title", card.title), ("body", card.body)] + (card.tone.map { [("tone", $0)] } ?? [])
        case .radioOptionGroup(let card): card.options.enumerated().map { ("options[\($0)].label", $1.label) }
        case .keyValue(let card): [("key", card.key), ("value", card.value)]
        case .header(let card): [("title", card.title)] + (card.subtitle.map { [("subtitle", $0)] } ?? [])
        case .textField(let card): [("placeholder", card.placeholder)] + (card.text.map { [("text", $0)] } ?? [])
        case .divider, .unknown: []
        }
    }
}
