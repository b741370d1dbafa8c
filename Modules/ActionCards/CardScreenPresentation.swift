/// Everything needed to present one screen of cards, as the server sends it.
///
/// `analyticsID` names this screen configuration in every screen view, impression and tap.
public struct CardScreenPresentation: Codable, Sendable, Equatable {
    public var screenID: String
    public var analyticsID: String
    public var title: String?
    /// Scrolling cards, top down.
    public var mainCards: [Card]
    /// Cards pinned to the bottom, stacked up.
    public var bottomCards: [Card]
    public var metadata: [String: String]
    /// Named actions that cards reach with `{"type": "perform", "field": NAME}`.
    public var actions: [String: Action]

    public init(
        screenID: String, analyticsID: String, title: String? = nil, mainCards: [Card], bottomCards: [Card] = [],
        metadata: [String: String] = [:], actions: [String: Action] = [:]
    ) {
        self.screenID = screenID
        self.analyticsID = analyticsID
        self.title = title
        self.mainCards = mainCards
        self.bottomCards = bottomCards
        self.metadata = metadata
        self.actions = actions
    }

    private enum Keys: String, CodingKey {
        case screenID, analyticsID, title, mainCards, bottomCards, metadata, actions
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        screenID = try container.decode(String.self, forKey: .screenID)
        analyticsID = try container.decode(String.self, forKey: .analyticsID)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        mainCards = try container.decode([Card].self, forKey: .mainCards)
        bottomCards = try container.decodeIfPresent([Card].self, forKey: .bottomCards) ?? []
        metadata = try container.decodeIfPresent([String: String].self, forKey: .metadata) ?? [:]
        actions = try container.decodeIfPresent([String: Action].self, forKey: .actions) ?? [:]
    }

    /// Main cards, then bottom-pinned cards.
    public var allCards: [Card] { mainCards + bottomCards }

    /// The card `id`, main or pinned.
    public func card(_ id: String) -> Card? {
        mainCards.first { $0.id == id } ?? bottomCards.first { $0.id == id }
    }

    /// Applies `updates` all or nothing: `nil` if any update names a card not on the screen.
    public func updating(_ updates: [CardUpdate]) -> CardScreenPresentation? {
        var screen = self
        for update in updates {
            if let index = screen.mainCards.firstIndex(where: { $0.id == update.id }) {
                screen.mainCards[index] = update.applied(to: screen.mainCards[index])
            } else if let index = screen.bottomCards.firstIndex(where: { $0.id == update.id }) {
                screen.bottomCards[index] = update.applied(to: screen.bottomCards[index])
            } else {
                return nil
            }
        }
        return screen
    }
}
