import EventLog

// A projection of driver apps snapshots a client state per driver, so it encodes without
// `Codable` when the domain's state does (the keys and order of `encode(to:)` and of the
// synthesized encodings).

extension OptimisticClientState: BinaryEncodable where Domain.State: BinaryEncodable, Domain.State.BinaryEncodingFailure == Never {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(confirmed, forKey: "confirmed")
        writer.encode(optimistic, forKey: "optimistic")
        writer.encode(pending, forKey: "pending")
        writer.encode(nextRequestNumber, forKey: "nextRequestNumber")
        writer.encode(stats, forKey: "stats")
        writer.encodeIfPresent(lastAlert, forKey: "lastAlert")
    }
}

extension OptimisticAlert: BinaryEncodable where State: BinaryEncodable, State.BinaryEncodingFailure == Never {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(message, forKey: "message")
        writer.encode(request, forKey: "request")
        writer.encode(alsoRolledBack, forKey: "alsoRolledBack")
        writer.encode(cause, forKey: "cause")
        writer.encode(stateBefore, forKey: "stateBefore")
        writer.encode(at, forKey: "at")
    }
}

extension PendingRequest: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(request, forKey: "request")
        writer.encode(attempts, forKey: "attempts")
        writer.encode(inFlight, forKey: "inFlight")
        writer.encodeIfPresent(retryAt, forKey: "retryAt")
    }
}

extension SyncStats: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(submitted, forKey: "submitted")
        writer.encode(confirmed, forKey: "confirmed")
        writer.encode(optimisticConfirmed, forKey: "optimisticConfirmed")
        writer.encode(timeSavedMilliseconds, forKey: "timeSavedMilliseconds")
        writer.encode(rolledBack, forKey: "rolledBack")
        writer.encode(alerts, forKey: "alerts")
        writer.encode(rebases, forKey: "rebases")
    }
}
