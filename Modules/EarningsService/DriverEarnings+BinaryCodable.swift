import EventLog
import PlatformKit

// The earnings snapshot holds every driver's trip lines: they encode and decode without `Codable`
// (the synthesized encoding's keys, in its order; `DriverEarnings`' own conformance is beside its
// private setters).

extension EarningsProjection.State: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) throws {
        try writer.encode(drivers, forKey: "drivers")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        drivers = try reader.decode([String: DriverEarnings].self, forKey: "drivers")
    }
}

extension TripLine: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(tripID, forKey: "tripID")
        writer.encode(fare, forKey: "fare")
        writer.encode(at, forKey: "at")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        tripID = try reader.decode(String.self, forKey: "tripID")
        fare = try reader.decode(Money.self, forKey: "fare")
        at = try reader.decode(Instant.self, forKey: "at")
    }
}

extension RewardLine: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(programID, forKey: "programID")
        writer.encode(amount, forKey: "amount")
        writer.encode(at, forKey: "at")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        programID = try reader.decode(String.self, forKey: "programID")
        amount = try reader.decode(Money.self, forKey: "amount")
        at = try reader.decode(Instant.self, forKey: "at")
    }
}
