import EventLog

// The service's events encode without `Codable` (the synthesized encoding's keys, in its order).

extension TripOffered: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(trip, forKey: "trip")
        writer.encode(driver, forKey: "driver")
        writer.encode(estimate, forKey: "estimate")
    }
}

extension EstimateUpdated: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(trip, forKey: "trip")
        writer.encode(driver, forKey: "driver")
        writer.encode(estimate, forKey: "estimate")
    }
}

extension DriverRequestHandled: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(driver, forKey: "driver")
        writer.encode(kind, forKey: "kind")
        writer.encode(idempotencyKey, forKey: "idempotencyKey")
        writer.encode(answer, forKey: "answer")
        writer.encode(forced, forKey: "forced")
    }
}
