import OptimisticSync
import TripContract

// A record's answers are written as they were when a dictionary and an array of its keys held
// them (`answers` by key, `answerOrder` oldest first), so snapshots of either read alike.

extension TripServiceState.DriverRecord: Codable {
    private enum CodingKeys: String, CodingKey {
        case snapshot, answers, answerOrder
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        snapshot = try container.decode(ServerSnapshot<DriverState>.self, forKey: .snapshot)
        answers = try Self.answers(
            try container.decode([String: TripServiceState.Outcome].self, forKey: .answers),
            inOrder: try container.decode([String].self, forKey: .answerOrder)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(snapshot, forKey: .snapshot)
        // As a dictionary is written, in the answers' order.
        var byKey = container.nestedContainer(keyedBy: AnswerKey.self, forKey: .answers)
        for (key, outcome) in try answers.answers() { try byKey.encode(outcome, forKey: AnswerKey(stringValue: key)) }
        try container.encode(answers.keys, forKey: .answerOrder)
    }

    /// An idempotency key as a coding key.
    private struct AnswerKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The answers of `byKey` in the order of `order`, which must name each of them once.
    static func answers(_ byKey: [String: TripServiceState.Outcome], inOrder order: [String]) throws -> AnswerWindow {
        var answers = AnswerWindow()
        for key in order {
            guard let outcome = byKey[key] else { throw orderProblem("answer order names \(key) without an answer") }
            answers.appendUnchecked(key, outcome)
        }
        guard answers.isWellFormed else { throw orderProblem("answer order names a key more than once") }
        guard answers.count == byKey.count else { throw orderProblem("answers missing from the answer order") }
        return answers
    }

    private static func orderProblem(_ description: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.answerOrder], debugDescription: description))
    }
}
