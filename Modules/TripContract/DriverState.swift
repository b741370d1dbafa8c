import PlatformKit

/// What a driver's app shows, and what the trip service confirms: the contract between the two halves.
public struct DriverState: Codable, Sendable, Equatable {
    public var isOnline = false
    /// The current (or last) trip.
    public var trip: Trip?
    /// Inbox messages marked read, sorted.
    public var readMessages: [String] = []
    public var completedTrips = 0

    public init() {}

    /// The fare to show: the final fare once the server sent it, else the last estimate received.
    public var displayedFare: Money? { trip.map { $0.finalFare ?? $0.fareEstimate } }
}

/// One trip as the driver sees it.
public struct Trip: Codable, Sendable, Equatable {
    public var id: String
    public var phase: TripPhase
    /// The last price estimate received from the server.
    public var fareEstimate: Money
    /// Set by the server when it ends the trip.
    public var finalFare: Money?
    /// When the driver began the trip (client time, sent with the request).
    public var startedAt: Instant?
    public var endedAt: Instant?
    public var riderRating: Int?
    public var cashCollected = false

    public init(id: String, phase: TripPhase, fareEstimate: Money) {
        self.id = id
        self.phase = phase
        self.fareEstimate = fareEstimate
    }
}

/// Where a trip is.
public enum TripPhase: String, Codable, Sendable {
    case accepted, arrived, onTrip, ended
}
