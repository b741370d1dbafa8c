/// A `DecodingError` as one readable line: `cards[2].priority: expected a number`.
public struct DecodingProblem: CustomStringConvertible, Sendable {
    /// The JSON path, e.g. `cards[2].priority` (empty for the document itself).
    public var path: String
    public var message: String

    public init(_ error: any Error) {
        guard let error = error as? DecodingError else {
            (path, message) = ("", "\(error)")
            return
        }
        switch error {
        case .typeMismatch(let type, let context):
            (path, message) = (Self.path(context.codingPath), "expected \(Self.name(type))")
        case .valueNotFound(let type, let context):
            (path, message) = (Self.path(context.codingPath), "expected \(Self.name(type)), found null")
        case .keyNotFound(let key, let context):
            (path, message) = (Self.path(context.codingPath + [key]), "missing")
        case .dataCorrupted(let context):
            (path, message) = (Self.path(context.codingPath), context.debugDescription)
        @unknown default:
            (path, message) = ("", "\(error)")
        }
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// `a.b[3].c` from a coding path.
    public static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func name(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type, is Int64.Type: "a number"
        case is Bool.Type: "true or false"
        case is String.Type: "a string"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "\(type)"
        }
    }
}
