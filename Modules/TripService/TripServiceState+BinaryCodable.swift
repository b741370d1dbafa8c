import EventLog
import OptimisticSync
import PlatformKit
import TripContract

// The trip service's snapshot holds every driver's record: it encodes and decodes without
// `Codable` (the synthesized encoding's keys, in its order).

extension TripServiceState: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(drivers, forKey: "drivers")
        writer.encode(offers, forKey: "offers")
        writer.encode(armedRejections, forKey: "armedRejections")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        drivers = try reader.decode([String: DriverRecord].self, forKey: "drivers")
        offers = try reader.decode([String: Offer].self, forKey: "offers")
        armedRejections = try reader.decode([String].self, forKey: "armedRejections")
    }
}

extension TripServiceState.DriverRecord: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(snapshot, forKey: "snapshot")
        answers.withEntries { entries in
            writer.encodeElements(count: answers.count, size: entries.count, forKey: "answers") { $0.append(entries) }
        }
        let keys = answers.encodedKeys
        keys.withUnsafeBufferPointer { keys in
            writer.encodeElements(count: answers.count, size: keys.count, forKey: "answerOrder") { $0.append(keys) }
        }
    }

    /// The answers are written as the window holds them, so their bytes are kept as they are once
    /// checked, with `answerOrder` naming their keys in order (else they are read as `Codable`
    /// reads them).
    public init(from reader: inout BinaryKeyedReader) throws {
        snapshot = try reader.decode(ServerSnapshot<DriverState>.self, forKey: "snapshot")
        // The order's bytes are copied (a few hundred), so that both are checked in one pass.
        let keys = try reader.encodedElements(forKey: "answerOrder")
        let window = try reader.withEncodedElements(forKey: "answers") { count, entries in
            keys.bytes.withUnsafeBufferPointer { AnswerWindow(entries: entries, count: count, keys: $0, keyCount: keys.count) }
        }
        if let window {
            answers = window
            return
        }
        let order = try reader.decode([String].self, forKey: "answerOrder")
        answers = try Self.answers(try reader.decode([String: TripServiceState.Outcome].self, forKey: "answers"), inOrder: order)
    }
}

extension TripServiceState.Outcome: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        switch self {
        case .accepted(let assignedIDs): writer.encodeNested(forKey: "accepted") { $0.encode(assignedIDs, forKey: "assignedIDs") }
        case .rejected(let reason): writer.encodeNested(forKey: "rejected") { $0.encode(reason, forKey: "reason") }
        case .unavailable(let reason): writer.encodeNested(forKey: "unavailable") { $0.encode(reason, forKey: "reason") }
        case .malformed(let reason): writer.encodeNested(forKey: "malformed") { $0.encode(reason, forKey: "reason") }
        }
    }

    private enum Case: String, CaseIterable {
        case accepted, rejected, unavailable, malformed
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        var (kind, values) = try reader.enumCase(as: Case.self)
        switch kind {
        case .accepted: self = .accepted(assignedIDs: try values.decode([IDAssignment].self, forKey: "assignedIDs"))
        case .rejected: self = .rejected(reason: try values.decode(String.self, forKey: "reason"))
        case .unavailable: self = .unavailable(reason: try values.decode(String.self, forKey: "reason"))
        case .malformed: self = .malformed(reason: try values.decode(String.self, forKey: "reason"))
        }
    }
}

extension TripServiceState.Offer: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(driver, forKey: "driver")
        writer.encode(estimate, forKey: "estimate")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        driver = try reader.decode(String.self, forKey: "driver")
        estimate = try reader.decode(Money.self, forKey: "estimate")
    }
}
