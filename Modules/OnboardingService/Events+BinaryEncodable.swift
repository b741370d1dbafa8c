import EventLog
import OnboardingContract

// Most of the service's events encode without `Codable` (the synthesized encoding's keys, in its
// order), questions too; rejections, with nested contracts, keep the `Codable` path.

extension LoggedValue: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(type, forKey: "type")
        writer.encode(display, forKey: "display")
        writer.encodeIfPresent(digest, forKey: "digest")
    }
}

extension AttemptStarted: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(attempt, forKey: "attempt")
        writer.encode(market, forKey: "market")
        writer.encode(batching, forKey: "batching")
        writer.encode(entryTypes, forKey: "entryTypes")
        writer.encode(startedAt, forKey: "startedAt")
        writer.encode(expiresAt, forKey: "expiresAt")
    }
}

extension AnswerAccepted: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(attempt, forKey: "attempt")
        writer.encode(questionID, forKey: "questionID")
        writer.encode(fields, forKey: "fields")
    }
}

extension ScenarioChanged: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(attempt, forKey: "attempt")
        writer.encode(from, forKey: "from")
        writer.encode(to, forKey: "to")
        writer.encode(reason, forKey: "reason")
    }
}

extension CodeIssued: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(attempt, forKey: "attempt")
        writer.encode(channel, forKey: "channel")
        writer.encode(digest, forKey: "digest")
        writer.encode(expiresAt, forKey: "expiresAt")
    }
}

extension AccountCreated: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(account, forKey: "account")
        writer.encode(attempt, forKey: "attempt")
        writer.encode(market, forKey: "market")
        writer.encode(identifierKeys, forKey: "identifierKeys")
        writer.encodeIfPresent(maskedMobile, forKey: "maskedMobile")
        writer.encodeIfPresent(maskedEmail, forKey: "maskedEmail")
        writer.encodeIfPresent(firstName, forKey: "firstName")
        writer.encodeIfPresent(lastName, forKey: "lastName")
        writer.encodeIfPresent(passwordDigest, forKey: "passwordDigest")
    }
}

extension SessionIssued: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(attempt, forKey: "attempt")
        writer.encode(account, forKey: "account")
        writer.encode(scenario, forKey: "scenario")
        writer.encode(tokenDigest, forKey: "tokenDigest")
    }
}

extension AttemptFailed: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(attempt, forKey: "attempt")
        writer.encode(code, forKey: "code")
    }
}

extension QuestionSent: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(attempt, forKey: "attempt")
        writer.encodeNested(forKey: "question") { Self.encodeQuestion(question, to: &$0) }
    }

    /// The contract's question as its synthesized encoding writes it (the contract module
    /// stays free of the log's codec, so the question does not conform itself).
    private static func encodeQuestion(_ question: Question, to writer: inout BinaryKeyedWriter) {
        writer.encode(question.id, forKey: "id")
        writer.encode(question.scenario, forKey: "scenario")
        writer.encode(question.steps, forKey: "steps") { step, writer in writer.encode(step.dataTypes, forKey: "dataTypes") }
        writer.encode(question.alternates, forKey: "alternates") { alternate, writer in
            writer.encode(alternate.id, forKey: "id")
            writer.encodeIfPresent(alternate.scenario, forKey: "scenario")
        }
    }
}
