/// The shared ActionCardData: selections and text entered on card screens, read by flows
/// (e.g. the radio group writes the chosen option under its card id; `submitSurvey` reads it).
///
/// Every change is a `actioncards.data.changed` event.
public struct ActionCardData: Sendable, Equatable {
    public private(set) var values: [String: String] = [:]

    public init() {}

    public subscript(field: String) -> String? {
        get { values[field] }
        set { values[field] = newValue }
    }
}
