import EventLog

// A card session's events encode without `Codable` (the synthesized encoding's keys, in its order).

extension ScreenPresented: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(screenID, forKey: "screenID")
        writer.encode(analyticsID, forKey: "analyticsID")
        writer.encode(reason, forKey: "reason")
        writer.encode(screenView, forKey: "screenView")
        writer.encode(depth, forKey: "depth")
    }
}

extension SessionDismissed: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(screenID, forKey: "screenID")
    }
}

extension CardImpression: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(analyticsID, forKey: "analyticsID")
        writer.encode(screenView, forKey: "screenView")
        writer.encode(cardID, forKey: "cardID")
        writer.encodeIfPresent(cardAnalyticsID, forKey: "cardAnalyticsID")
    }
}

extension CardTapped: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(analyticsID, forKey: "analyticsID")
        writer.encode(screenID, forKey: "screenID")
        writer.encode(cardID, forKey: "cardID")
        writer.encodeIfPresent(cardAnalyticsID, forKey: "cardAnalyticsID")
        writer.encodeIfPresent(option, forKey: "option")
    }
}

extension TapIgnored: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(screenID, forKey: "screenID")
        writer.encode(cardID, forKey: "cardID")
        writer.encode(reason, forKey: "reason")
        writer.encodeIfPresent(step, forKey: "step")
    }
}

extension UnknownCardReported: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(screenID, forKey: "screenID")
        writer.encode(cardID, forKey: "cardID")
        writer.encode(type, forKey: "type")
        writer.encode(replacedByFallback, forKey: "replacedByFallback")
    }
}

extension ActionPerformed: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(screenID, forKey: "screenID")
        writer.encode(cardID, forKey: "cardID")
        writer.encode(actionType, forKey: "actionType")
        writer.encode(role, forKey: "role")
    }
}

extension FlowCompleted: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(actionType, forKey: "actionType")
        writer.encode(handler, forKey: "handler")
        writer.encode(succeeded, forKey: "succeeded")
        writer.encode(detail, forKey: "detail")
    }
}

extension ActionUnhandled: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(screenID, forKey: "screenID")
        writer.encode(cardID, forKey: "cardID")
        writer.encode(actionType, forKey: "actionType")
        writer.encode(app, forKey: "app")
    }
}

extension CardPendingChanged: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(screenID, forKey: "screenID")
        writer.encode(cardID, forKey: "cardID")
        writer.encode(pending, forKey: "pending")
    }
}

extension CardsUpdated: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(screenID, forKey: "screenID")
        writer.encode(cardIDs, forKey: "cardIDs")
    }
}

extension CardDataChanged: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(field, forKey: "field")
        writer.encodeIfPresent(value, forKey: "value")
    }
}

extension UserNotified: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(kind, forKey: "kind")
        writer.encode(text, forKey: "text")
    }
}
