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
    /// When the driver reaches the pickup (en route) or the drop-off (on trip).
    var phaseEndsAt: Instant?
    var fare: Money?

    var streamID: String { "trip-\(id)" }
}

/// A driver's place in the city.
struct DriverState {
    enum Activity { case free, enRoute(trip: Int), waiting(trip: Int), onTrip(trip: Int) }

    var activity: Activity = .free
    var tripsCompleted = 0
}

/// Names of simulated entities, shared with every module's streams.
enum EntityID {
    static func rider(_ n: Int) -> String { "rider-\(n)" }
    static func driver(_ n: Int) -> String { "driver-\(n)" }
    static func trip(_ n: Int) -> String { "trip-\(n)" }
    static func member(_ n: Int) -> String { "member-\(n)" }
}
