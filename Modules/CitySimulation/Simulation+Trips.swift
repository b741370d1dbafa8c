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
        trips[id] = Trip(id: id, rider: rider, pickup: pickup, dropoff: dropoff, requestedAt: clock.now)
        try sink.emit(TripRequested(trip: id, rider: rider, at: clock.now.millisecondsSinceEpoch), stream: EntityID.trip(id))
        try match(id)
    }

    func match(_ id: Int) throws {
        guard var trip = trips[id], trip.phase == .searching else { return }
        guard let driver = freeDrivers.nearest(to: trip.pickup, within: 5_000) else {
            if trip.requestedAt.duration(to: clock.now) >= .seconds(300) {
                try cancel(id, reason: "no driver")
            } else {
                scheduler.schedule(.retryMatch(trip: id), at: clock.now.advanced(bySeconds: 30))
            }
            return
        }
        freeDrivers.remove(driver)
        let eta = map.travelTime(from: positions[driver], to: trip.pickup)
        trip.phase = .enRoute
        trip.driver = driver
        trip.startLeg(from: positions[driver], to: trip.pickup, now: clock.now, duration: eta)
        drivers[driver].activity = .enRoute(trip: id)
        try sink.emit(TripMatched(trip: id, driver: driver, pickupSeconds: Int(eta.wholeMilliseconds / 1_000)), stream: EntityID.trip(id))
        try tell(&trip, .enRoute, eta: eta)
        let estimate = fare(distance: trip.pickup.distance(to: trip.dropoff), duration: map.travelTime(from: trip.pickup, to: trip.dropoff))
        try driverApps.offer(trip: trip.streamID, to: driver, estimate: estimate)
        trips[id] = trip
        try driverAction(driver, online: hasCoverage(driver)) { try $0.accept(trip: trip.streamID, at: $1) }
        scheduler.schedule(.driverArrived(trip: id), at: clock.now.advanced(by: eta))
        scheduleUpdate(id)
    }

    func scheduleUpdate(_ id: Int) {
        scheduler.schedule(.tripUpdate(trip: id), at: clock.now.advanced(bySeconds: 30))
    }

    func tripUpdate(_ id: Int) throws {
        guard var trip = trips[id], let end = trip.phaseEndsAt, clock.now < end else { return }
        if trip.phase == .enRoute, random.bool(probability: 0.003) {
            return try cancel(id, reason: "rider cancelled")
        }
        // Traffic: the ETA the rider sees wanders around the remaining driving time.
        let eta = clock.now.duration(to: end) + .seconds(random.int(in: -20..<90))
        try tell(&trip, trip.phase == .onTrip ? .onTrip : .enRoute, eta: eta)
        trips[id] = trip
        if let driver = trip.driver {
            // Driving in or out of a dark spot: the app notices and sends what it queued.
            positions[driver] = trip.position(at: clock.now)
            wake(driver, at: try driverApps.advance(driver, now: clock.now, online: hasCoverage(driver)))
        }
        scheduleUpdate(id)
    }

    /// Sends `trip`'s state to the OOA service (the rider's Live Activity).
    func tell(_ trip: inout Trip, _ phase: TripPhase, eta: Duration) throws {
        trip.ooaChanges += 1
        scheduleLiveActivityTick(try liveActivities.change(trip, phase: phase, eta: eta, at: trip.position(at: clock.now), now: clock.now))
    }

    func scheduleLiveActivityTick(_ due: Instant?) {
        if let due { scheduler.schedule(.liveActivityTick, at: max(due, clock.now)) }
    }

    func driverArrived(_ id: Int) throws {
        guard var trip = trips[id], trip.phase == .enRoute, let driver = trip.driver else { return }
        trip.phase = .arrived
        positions[driver] = trip.pickup
        drivers[driver].activity = .waiting(trip: id)
        try tell(&trip, .arriving, eta: .zero)
        trips[id] = trip
        try driverAction(driver, online: hasCoverage(driver)) { try $0.arrive(at: $1) }
        scheduler.schedule(.beginTrip(trip: id), at: clock.now.advanced(bySeconds: random.int(in: 20..<180)))
    }

    func beginTrip(_ id: Int) throws {
        guard var trip = trips[id], trip.phase == .arrived, let driver = trip.driver else { return }
        let duration = map.travelTime(from: trip.pickup, to: trip.dropoff)
        trip.phase = .onTrip
        trip.startLeg(from: trip.pickup, to: trip.dropoff, now: clock.now, duration: duration)
        trip.fare = fare(distance: trip.pickup.distance(to: trip.dropoff), duration: duration)
        drivers[driver].activity = .onTrip(trip: id)
        try sink.emit(TripPickedUp(trip: id, inDarkSpot: !map.hasCoverage(at: trip.pickup)), stream: EntityID.trip(id))
        try tell(&trip, .onTrip, eta: duration)
        trips[id] = trip
        try driverAction(driver, online: hasCoverage(driver)) { try $0.beginTrip(at: $1) }
        scheduler.schedule(.endTrip(trip: id), at: clock.now.advanced(by: duration))
        scheduleUpdate(id)
    }

    func endTrip(_ id: Int) throws {
        guard var trip = trips.removeValue(forKey: id), trip.phase == .onTrip, let driver = trip.driver, let fare = trip.fare else { return }
        try tell(&trip, .completed, eta: .zero)
        positions[driver] = trip.dropoff
        drivers[driver].activity = .closing
        drivers[driver].tripsCompleted += 1
        let online = hasCoverage(driver)
        try driverAction(driver, online: online) { try $0.endTrip(at: $1) }
        try driverAction(driver, online: online) { try $0.rateRider(stars: 5, at: $1) }
        try earnings.tripCompleted(driver: driver, trip: id, fare: fare, at: clock.now)
        if !online {
            scheduler.schedule(.leaveDarkSpot(driver: driver), at: clock.now.advanced(bySeconds: random.int(in: 60..<240)))
        }
        try sink.emit(
            TripCompleted(trip: id, driver: driver, fareMinorUnits: fare.minorUnits, at: clock.now.millisecondsSinceEpoch, ooaChanges: trip.ooaChanges),
            stream: EntityID.trip(id)
        )
        if random.bool(probability: 0.15) {
            scheduler.schedule(.membershipVisit(rider: trip.rider), at: clock.now.advanced(bySeconds: random.int(in: 60..<600)))
        }
        if random.bool(probability: 0.35) {
            scheduler.schedule(.requestTrip(rider: trip.rider), at: clock.now.advanced(bySeconds: random.int(in: 600..<3_600)))
        }
    }

    func cancel(_ id: Int, reason: String) throws {
        guard var trip = trips.removeValue(forKey: id) else { return }
        if let driver = trip.driver {
            positions[driver] = trip.position(at: clock.now)
            drivers[driver].activity = .free
            freeDrivers.insert(driver, at: positions[driver])
            try tell(&trip, .completed, eta: .zero)
        }
        try sink.emit(
            TripCancelled(trip: id, reason: reason, at: clock.now.millisecondsSinceEpoch, ooaChanges: trip.ooaChanges),
            stream: EntityID.trip(id)
        )
    }
}
