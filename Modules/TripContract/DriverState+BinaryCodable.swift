import EventLog
import PlatformKit

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

// The trip service's snapshot holds a driver state per driver: it also decodes without `Codable`.

extension DriverState: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        isOnline = try reader.decode(Bool.self, forKey: "isOnline")
        trip = try reader.decodeIfPresent(Trip.self, forKey: "trip")
        readMessages = try reader.decode([String].self, forKey: "readMessages")
        completedTrips = try reader.decode(Int.self, forKey: "completedTrips")
    }
}

extension Trip: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        id = try reader.decode(String.self, forKey: "id")
        phase = try reader.decode(TripPhase.self, forKey: "phase")
        fareEstimate = try reader.decode(Money.self, forKey: "fareEstimate")
        finalFare = try reader.decodeIfPresent(Money.self, forKey: "finalFare")
        startedAt = try reader.decodeIfPresent(Instant.self, forKey: "startedAt")
        endedAt = try reader.decodeIfPresent(Instant.self, forKey: "endedAt")
        riderRating = try reader.decodeIfPresent(Int.self, forKey: "riderRating")
        cashCollected = try reader.decode(Bool.self, forKey: "cashCollected")
    }
}
