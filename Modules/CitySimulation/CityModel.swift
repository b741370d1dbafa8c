import PlatformKit

/// A trip in progress in the city.
struct Trip {
    enum Phase { case searching, enRoute, arrived, onTrip }

    let id: Int
    let rider: Int
    let pickup: Position
    let dropoff: Position
    let requestedAt: Instant
    var phase: Phase = .searching
    var driver: Int?
    /// The leg being driven: from where and when, to where and (expected) when.
    var legFrom = Position(x: 0, y: 0)
    var legTo = Position(x: 0, y: 0)
    var legStartedAt = Instant.epoch
    /// When the driver reaches the pickup (en route) or the drop-off (on trip).
    var phaseEndsAt: Instant?
    var fare: Money?
    /// Trip-state changes sent to the OOA service.
    var ooaChanges = 0

    /// Starts a leg from `from` to `to` at `now`, lasting `duration`.
    mutating func startLeg(from: Position, to: Position, now: Instant, duration: Duration) {
        legFrom = from
        legTo = to
        legStartedAt = now
        phaseEndsAt = now.advanced(by: duration)
    }

    /// Where the car is at `now` on the current leg, by whole seconds of it.
    func position(at now: Instant) -> Position {
        guard let end = phaseEndsAt else { return legTo }
        // Whole seconds truncated toward zero, as `Duration.components.seconds` counts them,
        // without its 128-bit arithmetic (this runs for every trip-state change).
        let start = legStartedAt.millisecondsSinceEpoch
        let total = Double((end.millisecondsSinceEpoch - start) / 1_000)
        let done = Double((now.millisecondsSinceEpoch - start) / 1_000)
        return legFrom.interpolated(to: legTo, fraction: total <= 0 ? 1 : min(1, max(0, done / total)))
    }

    var streamID: String { String(concatenating: "trip-", id) }
}

/// A driver's place in the city.
struct CityDriver {
    /// `closing`: the trip is over in the city, but the trip service has not confirmed its end yet
    /// (the end is queued in a dark spot): dispatch offers the driver nothing until it has.
    enum Activity { case free, enRoute(trip: Int), waiting(trip: Int), onTrip(trip: Int), closing }

    var activity: Activity = .free
    var tripsCompleted = 0
}

/// Names of simulated entities, shared with every module's streams.
enum EntityID {
    static func rider(_ n: Int) -> String { String(concatenating: "rider-", n) }
    static func driver(_ n: Int) -> String { String(concatenating: "driver-", n) }
    static func trip(_ n: Int) -> String { String(concatenating: "trip-", n) }
    static func member(_ n: Int) -> String { String(concatenating: "member-", n) }
}
