import Foundation

/// How deeply a JSON document nests arrays and objects. Foundation's parsers refuse a document
/// nested deeper than ``parserLimit``, and `JSONDecoder` then says only "The given data was not
/// valid JSON."; a loader names the cause with ``isTooDeep(_:)``.
public enum JSONNesting {
    /// The deepest nesting of arrays and objects that Foundation's JSON parsers accept.
    public static let parserLimit = 512

    /// Whether `data` opens more than ``parserLimit`` arrays and objects inside each other
    /// (brackets inside strings do not count).
    public static func isTooDeep(_ data: Data) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > parserLimit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }
}
