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
        writer.encode(entries: answers.entries, forKey: "answers")
        writer.encode(answers.keys, forKey: "answerOrder")
    }

    /// The answers are written in their order, so they are read straight into the window; the
    /// written order is then checked against `answerOrder`'s bytes (else read as `Codable` reads them).
    public init(from reader: inout BinaryKeyedReader) throws {
        snapshot = try reader.decode(ServerSnapshot<DriverState>.self, forKey: "snapshot")
        var inWrittenOrder = AnswerWindow()
        // Room for a full window and the one to drop, as `remember` makes it.
        inWrittenOrder.reserveCapacity(TripServiceState.answerWindow + 1)
        // Most of a window's outcomes are alike (accepted, no ids assigned): each is decoded once.
        try reader.forEachEntry(inDictionaryForKey: "answers", reusingRepeats: true) { (key: String, outcome: TripServiceState.Outcome) in
            inWrittenOrder.appendUnchecked(key, outcome)
        }
        let inOrder = try reader.withEncodedElements(forKey: "answerOrder") { count, order in
            Self.isOrder(of: inWrittenOrder.keys, order, count: count) && inWrittenOrder.hasUniqueKeys
        }
        guard !inOrder else {
            answers = inWrittenOrder
            return
        }
        let order = try reader.decode([String].self, forKey: "answerOrder")
        answers = try Self.answers(try reader.decode([String: TripServiceState.Outcome].self, forKey: "answers"), inOrder: order)
    }

    /// Whether `order`, `count` strings as encoded, are `keys` byte for byte (checked without
    /// making a `String` of each: 64 per driver).
    private static func isOrder(of keys: some Collection<String>, _ order: UnsafeBufferPointer<UInt8>, count: Int) -> Bool {
        guard count == keys.count else { return false }
        var position = 0
        for key in keys {
            guard let element = LEB128.readPrefixed(order, at: &position),
                  key.utf8.withContiguousStorageIfAvailable({ $0.elementsEqual(element) }) ?? key.utf8.elementsEqual(element) else { return false }
        }
        return position == order.count
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
