/// The stable name of a plugin: switches refer to it and `resolvingPlugin(_:)` reports it. Codable as a plain string.
public struct PluginID: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name, e.g. `"trip.card.surge"`.
    public var rawValue: String

    /// Wraps `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps a string literal.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The name.
    public var description: String { rawValue }
}
