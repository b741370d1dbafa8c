import EventLog

// The client's events are a tenth of a simulated rider's: they encode without `Codable` (the
// synthesized encoding's keys, in its order; `Scenario` is its raw value).

extension WelcomeChosen: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(client, forKey: "client")
        writer.encode(welcome, forKey: "welcome")
        writer.encode(isPlugin, forKey: "isPlugin")
    }
}

extension EntryActivated: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(client, forKey: "client")
        writer.encode(attempt, forKey: "attempt")
    }
}

extension EntryDeactivated: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(client, forKey: "client")
        writer.encode(attempt, forKey: "attempt")
        writer.encode(reason, forKey: "reason")
    }
}

extension InfoStepsBuilt: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(client, forKey: "client")
        writer.encode(attempt, forKey: "attempt")
        writer.encode(questionID, forKey: "questionID")
        writer.encode(builders, forKey: "builders")
    }
}

extension AnswerWithheld: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(client, forKey: "client")
        writer.encode(attempt, forKey: "attempt")
        writer.encode(questionID, forKey: "questionID")
    }
}

extension RequestFailed: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(client, forKey: "client")
        writer.encode(attempt, forKey: "attempt")
        writer.encode(error, forKey: "error")
    }
}

extension ConfigureStepsChosen: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(client, forKey: "client")
        writer.encode(attempt, forKey: "attempt")
        writer.encode(steps, forKey: "steps")
    }
}

extension SessionDelivered: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(client, forKey: "client")
        writer.encode(attempt, forKey: "attempt")
        writer.encode(account, forKey: "account")
        writer.encode(scenario, forKey: "scenario")
    }
}
