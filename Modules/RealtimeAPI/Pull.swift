/// A pull: the current cards of one service for one driver (push is preferred; pulls are rate-limited).
public struct TrackerPullRequest: Sendable, Hashable, Codable {
    public var driverID: String
    public var service: TrackerService

    public init(driverID: String, service: TrackerService) {
        self.driverID = driverID
        self.service = service
    }
}

/// The answer to a pull: the service's cards for the driver.
public struct TrackerPullResponse: Sendable, Hashable, Codable {
    public var cards: TrackerCardList

    public init(cards: TrackerCardList) {
        self.cards = cards
    }
}
