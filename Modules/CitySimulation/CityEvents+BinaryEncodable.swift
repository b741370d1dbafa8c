import EventLog

// The city's events that recur through a run encode without `Codable` (the synthesized
// encoding's keys, in its order); the run's first and last events keep the `Codable` path.

extension RiderArrived: BinaryEncodable {
    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(rider, forKey: "rider")
        writer.encode(market, forKey: "market")
    }
}

extension RiderOnboarded: BinaryEncodable {
    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(rider, forKey: "rider")
        writer.encode(market, forKey: "market")
        writer.encode(succeeded, forKey: "succeeded")
        writer.encode(roundTrips, forKey: "roundTrips")
        writer.encode(finishedAt, forKey: "finishedAt")
    }
}

extension MembershipVisited: BinaryEncodable {
    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(rider, forKey: "rider")
        writer.encode(journey, forKey: "journey")
    }
}

extension TripRequested: BinaryEncodable {
    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(trip, forKey: "trip")
        writer.encode(rider, forKey: "rider")
        writer.encode(at, forKey: "at")
    }
}

extension TripMatched: BinaryEncodable {
    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(trip, forKey: "trip")
        writer.encode(driver, forKey: "driver")
        writer.encode(pickupSeconds, forKey: "pickupSeconds")
    }
}

extension TripPickedUp: BinaryEncodable {
    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(trip, forKey: "trip")
        writer.encode(inDarkSpot, forKey: "inDarkSpot")
    }
}

extension TripCompleted: BinaryEncodable {
    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(trip, forKey: "trip")
        writer.encode(driver, forKey: "driver")
        writer.encode(fareMinorUnits, forKey: "fareMinorUnits")
        writer.encode(at, forKey: "at")
        writer.encode(ooaChanges, forKey: "ooaChanges")
    }
}

extension TripCancelled: BinaryEncodable {
    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(trip, forKey: "trip")
        writer.encode(reason, forKey: "reason")
        writer.encode(at, forKey: "at")
        writer.encode(ooaChanges, forKey: "ooaChanges")
    }
}

extension AppKilled: BinaryEncodable {
    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(client, forKey: "client")
    }
}

extension OutageChanged: BinaryEncodable {
    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(service, forKey: "service")
        writer.encode(down, forKey: "down")
    }
}

extension DriverActionRefused: BinaryEncodable {
    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(driver, forKey: "driver")
        writer.encode(reason, forKey: "reason")
    }
}
