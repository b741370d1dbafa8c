import OnboardingContract

/// Stores collected data and the dirty data types, and forms an answer only when requested data changed.
public struct Info: Sendable {
    public private(set) var values: [DataType: String] = [:]
    /// Types whose value changed since the last answer that carried them.
    public private(set) var dirty: Set<DataType> = []

    public init() {}

    /// Stores `newValues`; a type becomes dirty only if its value changed.
    public mutating func store(_ newValues: [DataType: String]) {
        for (type, value) in newValues where values[type] != value {
            values[type] = value
            dirty.insert(type)
        }
    }

    /// The answer to `question`, or `nil` when no requested type is dirty (nothing new to send).
    public mutating func answer(for question: Question) -> Answer? {
        let requested = question.dataTypes
        guard requested.contains(where: dirty.contains) else { return nil }
        dirty.subtract(requested)
        return Answer(questionID: question.id, values: values.filter { requested.contains($0.key) })
    }
}
