import EventLog
import PlatformKit

// A projection of driver apps holds a client state per driver, so its snapshots decode without
// `Codable` when the domain's state does (the keys `encode(to:)` and the synthesized encodings
// write, in their order).

extension OptimisticClientState: BinaryDecodable where Domain.State: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        self.init()
        confirmed = try reader.decode(ServerSnapshot<Domain.State>.self, forKey: "confirmed").withoutAppliedKeys
        optimistic = try reader.decode(Domain.State.self, forKey: "optimistic")
        pending = try reader.decode([PendingRequest].self, forKey: "pending")
        nextRequestNumber = try reader.decode(Int.self, forKey: "nextRequestNumber")
        stats = try reader.decode(SyncStats.self, forKey: "stats")
        lastAlert = try reader.decodeIfPresent(OptimisticAlert<Domain.State>.self, forKey: "lastAlert")
    }
}

extension OptimisticAlert: BinaryDecodable where State: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        message = try reader.decode(String.self, forKey: "message")
        request = try reader.decode(OptimisticRequest.self, forKey: "request")
        alsoRolledBack = try reader.decode([String].self, forKey: "alsoRolledBack")
        cause = try reader.decode(RollbackCause.self, forKey: "cause")
        stateBefore = try reader.decode(State.self, forKey: "stateBefore")
        at = try reader.decode(Instant.self, forKey: "at")
    }
}

extension PendingRequest: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        request = try reader.decode(OptimisticRequest.self, forKey: "request")
        attempts = try reader.decode(Int.self, forKey: "attempts")
        inFlight = try reader.decode(Bool.self, forKey: "inFlight")
        retryAt = try reader.decodeIfPresent(Instant.self, forKey: "retryAt")
    }
}

extension SyncStats: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        submitted = try reader.decode(Int.self, forKey: "submitted")
        confirmed = try reader.decode(Int.self, forKey: "confirmed")
        optimisticConfirmed = try reader.decode(Int.self, forKey: "optimisticConfirmed")
        timeSavedMilliseconds = try reader.decode(Int64.self, forKey: "timeSavedMilliseconds")
        rolledBack = try reader.decode(Int.self, forKey: "rolledBack")
        alerts = try reader.decode(Int.self, forKey: "alerts")
        rebases = try reader.decode(Int.self, forKey: "rebases")
    }
}

extension OptimisticRequest: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        id = try reader.decode(String.self, forKey: "id")
        kind = try reader.decode(String.self, forKey: "kind")
        idempotencyKey = try reader.decode(String.self, forKey: "idempotencyKey")
        parameters = try reader.decode([Parameter].self, forKey: "parameters")
        dependsOn = try reader.decode([String].self, forKey: "dependsOn")
        submittedAt = try reader.decode(Instant.self, forKey: "submittedAt")
    }
}

extension Parameter: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        name = try reader.decode(String.self, forKey: "name")
        value = try reader.decode(String.self, forKey: "value")
    }
}
