import EventLog
import PlatformKit

// The earnings snapshot holds every driver's trip lines: they decode without `Codable` (the
// synthesized encoding's keys, in its order; `DriverEarnings`' own conformance is beside its
// private setters).

extension EarningsProjection.State: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        drivers = try reader.decode([String: DriverEarnings].self, forKey: "drivers")
    }
}

extension TripLine: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        tripID = try reader.decode(String.self, forKey: "tripID")
        fare = try reader.decode(Money.self, forKey: "fare")
        at = try reader.decode(Instant.self, forKey: "at")
    }
}

extension RewardLine: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        programID = try reader.decode(String.self, forKey: "programID")
        amount = try reader.decode(Money.self, forKey: "amount")
        at = try reader.decode(Instant.self, forKey: "at")
    }
}
