/// A list of cards as it arrives from a service: cards whose payload is unknown or malformed are
/// dropped and listed in ``dropped``; any other contract violation (a missing `cardID`, a `priority`
/// that is not a number) fails the whole list, naming the card and field.
public struct TrackerCardList: Sendable, Hashable, Codable {
    public var cards: [TrackerCard]
    /// Cards left out because of their payload, in input order.
    public var dropped: [TrackerPayloadError]

    public init(cards: [TrackerCard], dropped: [TrackerPayloadError] = []) {
        self.cards = cards
        self.dropped = dropped
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var cards: [TrackerCard] = []
        var dropped: [TrackerPayloadError] = []
        while !container.isAtEnd {
            switch try container.decode(Lenient.self).result {
            case .success(let card): cards.append(card)
            case .failure(let error as TrackerPayloadError): dropped.append(error)
            case .failure(let error): throw error
            }
        }
        self.init(cards: cards, dropped: dropped)
    }

    /// Encodes the cards as a plain array.
    public func encode(to encoder: any Encoder) throws {
        try cards.encode(to: encoder)
    }

    private struct Lenient: Decodable {
        var result: Result<TrackerCard, any Error>
        init(from decoder: any Decoder) {
            result = Result { try TrackerCard(from: decoder) }
        }
    }
}
