import DriverTrips
import EventLog
import OutOfAppDSL
import PlatformKit

/// A trip's life: request, match, updates to the OOA service, pickup, drop-off, cancellation.
extension Simulation {
    func requestTrip(rider: Int) throws {
        let id = nextTrip
        nextTrip += 1
        let pickup = map.randomPosition(random)
        var dropoff = map.randomPosition(random)
        while dropoff.distance(to: pickup) < 800 { dropoff = map.randomPosition(random) }
        let ref = trips.insert(Trip(id: id, rider: rider, pickup: pickup, dropoff: dropoff, requestedAt: clock.now))
        try sink.emit(TripRequested(trip: id, rider: rider, at: clock.now.millisecondsSinceEpoch), stream: EntityID.trip(id))
        try match(ref)
    }

    func match(_ ref: TripRef) throws {
        guard var trip = trips[ref], trip.phase == .searching else { return }
        guard let driver = freeDrivers.nearest(to: trip.pickup, within: 5_000) else {
            if trip.requestedAt.duration(to: clock.now) >= .seconds(300) {
                try cancel(ref, reason: "no driver")
            } else {
                scheduler.schedule(.retryMatch(trip: ref), at: clock.now.advanced(bySeconds: 30))
            }
            return
        }
        freeDrivers.remove(driver)
        let eta = map.travelTime(from: positions[driver], to: trip.pickup)
        trip.phase = .enRoute
        trip.driver = driver
        trip.startLeg(from: positions[driver], to: trip.pickup, now: clock.now, duration: eta)
        drivers[driver].activity = .enRoute(trip: trip.id)
        try sink.emit(TripMatched(trip: trip.id, driver: driver, pickupSeconds: Int(eta.wholeMilliseconds / 1_000)), stream: trip.streamID)
        try tell(&trip, .enRoute, eta: eta)
        let estimate = fare(distance: trip.pickup.distance(to: trip.dropoff), duration: map.travelTime(from: trip.pickup, to: trip.dropoff))
        try driverApps.offer(trip: trip.streamID, to: driver, estimate: estimate)
        trips[ref] = trip
        try driverAction(driver, online: hasCoverage(driver)) { try $0.accept(trip: trip.streamID, at: $1) }
        scheduler.schedule(.driverArrived(trip: ref), at: clock.now.advanced(by: eta))
        scheduleUpdate(ref)
    }

    func scheduleUpdate(_ ref: TripRef) {
        scheduler.schedule(.tripUpdate(trip: ref), at: clock.now.advanced(bySeconds: 30))
    }

    func tripUpdate(_ ref: TripRef) throws {
        guard var trip = trips[ref], let end = trip.phaseEndsAt, clock.now < end else { return }
        if let driver = trip.driver { prefetchDriver(driver) }
        if trip.phase == .enRoute, random.bool(probability: 0.003) {
            return try cancel(ref, reason: "rider cancelled")
        }
        // Traffic: the ETA the rider sees wanders around the remaining driving time.
        let eta = clock.now.duration(to: end) + .seconds(random.int(in: -20..<90))
        try tell(&trip, trip.phase == .onTrip ? .onTrip : .enRoute, eta: eta)
        trips[ref] = trip
        if let driver = trip.driver {
            // Driving in or out of a dark spot: the app notices and sends what it queued.
            positions[driver] = trip.position(at: clock.now)
            try wake(driver, at: try driverApps.advance(driver, now: clock.now, online: hasCoverage(driver)))
        }
        scheduleUpdate(ref)
    }

    /// Sends `trip`'s state to the OOA service (the rider's Live Activity).
    func tell(_ trip: inout Trip, _ phase: TripPhase, eta: Duration) throws {
        trip.ooaChanges += 1
        scheduleLiveActivityTick(try liveActivities.change(trip, phase: phase, eta: eta, at: trip.position(at: clock.now), now: clock.now))
    }

    func scheduleLiveActivityTick(_ due: Instant?) {
        if let due { scheduler.schedule(.liveActivityTick, at: max(due, clock.now)) }
    }

    func driverArrived(_ ref: TripRef) throws {
        guard var trip = trips[ref], trip.phase == .enRoute, let driver = trip.driver else { return }
        prefetchDriver(driver)
        trip.phase = .arrived
        positions[driver] = trip.pickup
        drivers[driver].activity = .waiting(trip: trip.id)
        try tell(&trip, .arriving, eta: .zero)
        trips[ref] = trip
        try driverAction(driver, online: hasCoverage(driver)) { try $0.arrive(at: $1) }
        scheduler.schedule(.beginTrip(trip: ref), at: clock.now.advanced(bySeconds: random.int(in: 20..<180)))
    }

    func beginTrip(_ ref: TripRef) throws {
        guard var trip = trips[ref], trip.phase == .arrived, let driver = trip.driver else { return }
        prefetchDriver(driver)
        let duration = map.travelTime(from: trip.pickup, to: trip.dropoff)
        trip.phase = .onTrip
        trip.startLeg(from: trip.pickup, to: trip.dropoff, now: clock.now, duration: duration)
        trip.fare = fare(distance: trip.pickup.distance(to: trip.dropoff), duration: duration)
        drivers[driver].activity = .onTrip(trip: trip.id)
        try sink.emit(TripPickedUp(trip: trip.id, inDarkSpot: !map.hasCoverage(at: trip.pickup)), stream: trip.streamID)
        try tell(&trip, .onTrip, eta: duration)
        trips[ref] = trip
        try driverAction(driver, online: hasCoverage(driver)) { try $0.beginTrip(at: $1) }
        scheduler.schedule(.endTrip(trip: ref), at: clock.now.advanced(by: duration))
        scheduleUpdate(ref)
    }

    func endTrip(_ ref: TripRef) throws {
        guard var trip = trips.remove(ref), trip.phase == .onTrip, let driver = trip.driver, let fare = trip.fare else { return }
        prefetchDriver(driver)
        try tell(&trip, .completed, eta: .zero)
        positions[driver] = trip.dropoff
        drivers[driver].activity = .closing
        drivers[driver].tripsCompleted += 1
        let online = hasCoverage(driver)
        try driverAction(driver, online: online) { try $0.endTrip(at: $1) }
        try driverAction(driver, online: online) { try $0.rateRider(stars: 5, at: $1) }
        try earnings.tripCompleted(driver: driver, trip: trip.id, fare: fare, at: clock.now)
        if !online {
            scheduler.schedule(.leaveDarkSpot(driver: driver), at: clock.now.advanced(bySeconds: random.int(in: 60..<240)))
        }
        try sink.emit(
            TripCompleted(trip: trip.id, driver: driver, fareMinorUnits: fare.minorUnits, at: clock.now.millisecondsSinceEpoch, ooaChanges: trip.ooaChanges),
            stream: trip.streamID
        )
        if random.bool(probability: 0.15) {
            scheduler.schedule(.membershipVisit(rider: trip.rider), at: clock.now.advanced(bySeconds: random.int(in: 60..<600)))
        }
        if random.bool(probability: 0.35) {
            scheduler.schedule(.requestTrip(rider: trip.rider), at: clock.now.advanced(bySeconds: random.int(in: 600..<3_600)))
        }
    }

    func cancel(_ ref: TripRef, reason: String) throws {
        guard var trip = trips.remove(ref) else { return }
        if let driver = trip.driver {
            positions[driver] = trip.position(at: clock.now)
            drivers[driver].activity = .free
            freeDrivers.insert(driver, at: positions[driver])
            try tell(&trip, .canceled, eta: .zero)
        }
        try sink.emit(
            TripCancelled(trip: trip.id, reason: reason, at: clock.now.millisecondsSinceEpoch, ooaChanges: trip.ooaChanges),
            stream: trip.streamID
        )
    }
}
