import OptimisticSync
import PlatformKit

extension DriverState {
    /// Performs `request` (any kind but accept, which only the server can grant): the optimistic
    /// transform on the client, the same move on the server. Returns why it is refused, if it is.
    public mutating func perform(_ request: OptimisticRequest, rules: TripRules) -> String? {
        switch request.kind {
        case TripKind.goOnline:
            isOnline = true
        case TripKind.markRead:
            guard let message = request[TripParameter.message] else { return "no message to mark read" }
            if !readMessages.contains(message) {
                readMessages.append(message)
                readMessages.sort()
            }
        default:
            return performOnTrip(request, rules: rules)
        }
        return nil
    }

    private mutating func performOnTrip(_ request: OptimisticRequest, rules: TripRules) -> String? {
        guard var trip, trip.id == request[TripParameter.trip] else { return "unknown trip \(request[TripParameter.trip] ?? "?")" }
        let at = request[TripParameter.at].flatMap(Int64.init).map(Instant.init(millisecondsSinceEpoch:))
        switch (request.kind, trip.phase) {
        case (TripKind.arrive, .accepted):
            trip.phase = .arrived
        case (TripKind.begin, .accepted), (TripKind.begin, .arrived):
            trip.phase = .onTrip
            trip.startedAt = at
        case (TripKind.end, .onTrip):
            guard let at, let startedAt = trip.startedAt else { return "the trip has no begin and end times" }
            guard !rules.isTooShort(startedAt: startedAt, endedAt: at) else { return "Trip too short to end" }
            trip.phase = .ended
            trip.endedAt = at
            completedTrips += 1
        case (TripKind.end, .accepted), (TripKind.end, .arrived):
            return "The server does not know this trip started"
        case (TripKind.rateRider, .ended):
            guard let rating = request[TripParameter.rating].flatMap(Int.init), (1...5).contains(rating) else { return "a rating is 1 to 5 stars" }
            trip.riderRating = rating
        case (TripKind.confirmCash, .ended):
            trip.cashCollected = true
        default:
            return "\(request.kind) is not possible while the trip is \(trip.phase.rawValue)"
        }
        self.trip = trip
        return nil
    }
}
