import EventLog
import PlatformKit

// A completed trip appends these on the simulation's hot path: they encode without `Codable`
// (the synthesized encoding's keys, in its order).

extension TripCompleted: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(driverID, forKey: "driverID")
        writer.encode(tripID, forKey: "tripID")
        writer.encode(fare, forKey: "fare")
        writer.encode(at, forKey: "at")
    }
}

extension IncentiveEnrolled: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(driverID, forKey: "driverID")
        writer.encode(program, forKey: "program")
        writer.encode(at, forKey: "at")
    }
}

extension IncentiveEarned: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(driverID, forKey: "driverID")
        writer.encode(programID, forKey: "programID")
        writer.encode(reward, forKey: "reward")
        writer.encode(at, forKey: "at")
    }
}
