import EventLog
import OOAService
import OutOfAppDSL
import PlatformKit

/// Every trip-state change goes to the OOA service, which decides what reaches the rider's
/// Live Activity / ongoing notification; its decisions go to the shared log.
final class LiveActivityStage {
    private var session: OOALogSession
    /// When the next release of held pushes is scheduled, if any.
    private var scheduledTick: Instant?

    init(log: any EventLogWriter) {
        session = OOALogSession(log: log)
    }

    /// What `OOAProjection` folds from the decisions logged so far (the service holds it).
    var projectionState: OOAProjection.State { session.service.projectionState }

    /// Feeds one change of `trip`; returns when the service next needs a tick, if that is earlier
    /// than the tick already scheduled.
    func change(_ trip: Trip, phase: TripPhase, eta: Duration, at position: Position, now: Instant) throws -> Instant? {
        _ = try session.receive(TripStateChange(
            tripID: trip.streamID, riderID: EntityID.rider(trip.rider), phase: phase,
            etaSeconds: Int(max(0, eta.wholeMilliseconds / 1_000)), location: position.location, time: now
        ))
        return dueTick()
    }

    /// Starts loading the OOA service's state of trip number `trip` into the caches, ahead of
    /// its next change.
    func prefetch(trip: Int) {
        session.service.prefetch(tripID: EntityID.trip(trip))
    }

    /// Releases held pushes due by `now`; returns the next tick to schedule, if any.
    func tick(now: Instant) throws -> Instant? {
        if scheduledTick.map({ $0 <= now }) ?? false { scheduledTick = nil }
        _ = try session.tick(now: now)
        return dueTick()
    }

    private func dueTick() -> Instant? {
        guard let due = session.service.nextDue, scheduledTick.map({ due < $0 }) ?? true else { return nil }
        scheduledTick = due
        return due
    }
}

extension Position {
    /// The point on the map: the city's south-west corner is at 37.70 N, 122.50 W.
    var location: Location {
        Location(latitude: 37.70 + Double(y) / 111_000, longitude: -122.50 + Double(x) / 88_000)
    }
}
