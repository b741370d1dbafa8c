import Foundation

/// Finds a number no `Int64` holds (a fraction such as 2.5, or 2^64) in a JSON document.
/// Foundation's decoder reports such a number, where a whole one is expected, as "not valid
/// JSON" without its path; a loader whose numbers are all whole names the field with this.
public enum JSONWholeNumbers {
    /// The path of the first number in `data` that no `Int64` holds (`policy.codeLength`,
    /// `steps[2].count`; keys in sorted order), or nil if there is none or `data` is not JSON.
    /// With `fields`, only numbers under those keys count (a document that also has fractional
    /// fields names the whole-number field its decoder failed on).
    public static func firstNotWhole(in data: Data, fields: Set<String>? = nil) -> String? {
        guard let document = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return firstNotWhole(in: document, at: "", key: nil, fields: fields)
    }

    private static func firstNotWhole(in value: Any, at path: String, key: String?, fields: Set<String>?) -> String? {
        switch value {
        case let object as [String: Any]:
            for name in object.keys.sorted() {
                if let found = firstNotWhole(in: object[name]!, at: path.isEmpty ? name : "\(path).\(name)", key: name, fields: fields) { return found }
            }
            return nil
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let found = firstNotWhole(in: element, at: "\(path)[\(index)]", key: key, fields: fields) { return found }
            }
            return nil
        case let number as NSNumber:
            // true and false are 1 and 0 here: whole, never named.
            guard fields.map({ key.map($0.contains) ?? false }) ?? true else { return nil }
            return Int64(exactly: number) == nil ? path : nil
        default:
            return nil
        }
    }
}
