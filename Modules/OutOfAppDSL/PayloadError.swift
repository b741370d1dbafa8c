/// A payload that cannot be read or sent, naming the JSON path at fault.
public struct PayloadError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: Sendable, Hashable {
        /// Not JSON, or a required field missing or of the wrong type.
        case malformed
        /// Over the platform's size limit even after trimming everything but P0 (or trimming was refused).
        case tooLarge(size: Int, limit: Int)
    }

    public var code: Code
    /// The JSON path, e.g. `slots.headline.text`; empty for the whole payload.
    public var path: String
    public var message: String

    public init(_ code: Code, path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Something a reader skipped: an element, slot, tag or field it does not know (a newer writer).
public struct Ignored: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var what: String

    public init(path: String, what: String) {
        self.path = path
        self.what = what
    }

    public var description: String { "\(path): ignored \(what)" }
}
