import EventLog

// A session per member who ever opened a card screen: the state encodes and decodes without
// `Codable` (the synthesized encoding's keys, in its order), which costs ~20× more per session.

extension ActionCardsProjection.State: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(sessions, forKey: "sessions")
        writer.encode(screenViews, forKey: "screenViews")
        writer.encode(impressions, forKey: "impressions")
        writer.encode(taps, forKey: "taps")
        writer.encode(unhandled, forKey: "unhandled")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        sessions = try reader.decode([String: ActionCardsProjection.Session].self, forKey: "sessions")
        screenViews = try reader.decode([String: Int].self, forKey: "screenViews")
        impressions = try reader.decode([String: Int].self, forKey: "impressions")
        taps = try reader.decode([String: Int].self, forKey: "taps")
        unhandled = try reader.decode([String: Int].self, forKey: "unhandled")
    }
}

extension ActionCardsProjection.Session: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(screens, forKey: "screens")
        writer.encode(pendingCards, forKey: "pendingCards")
        writer.encode(data, forKey: "data")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        screens = try reader.decode([String].self, forKey: "screens")
        pendingCards = try reader.decode([String].self, forKey: "pendingCards")
        data = try reader.decode([String: String].self, forKey: "data")
    }
}
