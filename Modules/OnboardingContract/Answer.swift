/// The client's reply to one question: the values gathered, or the choice of an alternate question.
public struct Answer: Codable, Sendable, Hashable {
    public var questionID: String
    public var values: [DataType: String]
    /// The id of the alternate question chosen instead of answering, if any.
    public var alternate: String?

    public init(questionID: String, values: [DataType: String] = [:], alternate: String? = nil) {
        self.questionID = questionID
        self.values = values
        self.alternate = alternate
    }
}
