import EventLog
import PlatformKit

// The earnings snapshot's values encode and decode without `Codable` (the synthesized encoding's
// keys, in its order; `DriverEarnings`' own conformance is beside its private setters). Lines are
// stored by columns (`LedgerColumns`); snapshots written before hold a keyed container per line.

extension EarningsProjection.State: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(drivers, forKey: "drivers")
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

extension ProgramProgress: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(program, forKey: "program")
        writer.encode(completedTrips, forKey: "completedTrips")
        writer.encodeIfPresent(lastTripAt, forKey: "lastTripAt")
        writer.encode(earnedMinorUnits, forKey: "earnedMinorUnits")
        writer.encode(isCompleted, forKey: "isCompleted")
        writer.encode(completions, forKey: "completions")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        program = try reader.decode(IncentiveProgram.self, forKey: "program")
        completedTrips = try reader.decode(Int.self, forKey: "completedTrips")
        lastTripAt = try reader.decodeIfPresent(Instant.self, forKey: "lastTripAt")
        earnedMinorUnits = try reader.decode(Int64.self, forKey: "earnedMinorUnits")
        isCompleted = try reader.decode(Bool.self, forKey: "isCompleted")
        completions = try reader.decode(Int.self, forKey: "completions")
    }
}

extension IncentiveProgram: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(id, forKey: "id")
        writer.encode(kind, forKey: "kind")
        writer.encode(targetTrips, forKey: "targetTrips")
        writer.encode(amount, forKey: "amount")
        writer.encodeIfPresent(startsAt, forKey: "startsAt")
        writer.encodeIfPresent(endsAt, forKey: "endsAt")
        writer.encodeIfPresent(maxGapSeconds, forKey: "maxGapSeconds")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        id = try reader.decode(String.self, forKey: "id")
        kind = try reader.decode(IncentiveKind.self, forKey: "kind")
        targetTrips = try reader.decode(Int.self, forKey: "targetTrips")
        amount = try reader.decode(Money.self, forKey: "amount")
        startsAt = try reader.decodeIfPresent(Instant.self, forKey: "startsAt")
        endsAt = try reader.decodeIfPresent(Instant.self, forKey: "endsAt")
        maxGapSeconds = try reader.decodeIfPresent(Int64.self, forKey: "maxGapSeconds")
    }
}
