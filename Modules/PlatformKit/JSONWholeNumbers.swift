import Foundation

/// Finds a number no `Int64` holds (a fraction such as 2.5, or 2^64) in a JSON document.
/// Foundation's decoder reports such a number, where a whole one is expected, as "not valid
/// JSON" without its path; a loader whose numbers are all whole names the field with this,
/// and a loader that checks decoded numbers (a range) names the field the same way.
public enum JSONWholeNumbers {
    /// The path of the first number in `data` that no `Int64` holds (`policy.codeLength`,
    /// `steps[2].count`; keys in sorted order), or nil if there is none or `data` is not JSON.
    /// With `fields`, only numbers under those keys count (a document that also has fractional
    /// fields names the whole-number field its decoder failed on).
    public static func firstNotWhole(in data: Data, fields: Set<String>? = nil) -> String? {
        guard let document = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        // true and false are 1 and 0 here: whole, never named.
        return firstNumber(in: document, fields: fields) { Int64(exactly: $0) == nil }
    }

    /// The path of the first number in a parsed JSON `document` (keys in sorted order) for which
    /// `matches` holds; with `fields`, only numbers under those keys count. For a check of values
    /// decoded already, such as a time out of range, that must name where the value is.
    public static func firstNumber(in document: Any, fields: Set<String>? = nil, where matches: (NSNumber) -> Bool) -> String? {
        firstNumber(in: document, at: "", key: nil, fields: fields, where: matches)
    }

    private static func firstNumber(in value: Any, at path: String, key: String?, fields: Set<String>?, where matches: (NSNumber) -> Bool) -> String? {
        switch value {
        case let object as [String: Any]:
            for name in object.keys.sorted() {
                let found = firstNumber(in: object[name]!, at: path.isEmpty ? name : "\(path).\(name)", key: name, fields: fields, where: matches)
                if let found { return found }
            }
            return nil
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let found = firstNumber(in: element, at: "\(path)[\(index)]", key: key, fields: fields, where: matches) { return found }
            }
            return nil
        case let number as NSNumber:
            guard fields.map({ key.map($0.contains) ?? false }) ?? true else { return nil }
            return matches(number) ? path : nil
        default:
            return nil
        }
    }
}
