import EventLog

// The driver's state rides in every confirmation and every handled request: it encodes without
// `Codable` (the synthesized encoding's keys, in its order).

extension DriverState: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(isOnline, forKey: "isOnline")
        writer.encodeIfPresent(trip, forKey: "trip")
        writer.encode(readMessages, forKey: "readMessages")
        writer.encode(completedTrips, forKey: "completedTrips")
    }
}

extension Trip: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(id, forKey: "id")
        writer.encode(phase, forKey: "phase")
        writer.encode(fareEstimate, forKey: "fareEstimate")
        writer.encodeIfPresent(finalFare, forKey: "finalFare")
        writer.encodeIfPresent(startedAt, forKey: "startedAt")
        writer.encodeIfPresent(endedAt, forKey: "endedAt")
        writer.encodeIfPresent(riderRating, forKey: "riderRating")
        writer.encode(cashCollected, forKey: "cashCollected")
    }
}
