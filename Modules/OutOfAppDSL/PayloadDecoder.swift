import Foundation
import PlatformKit

/// Reads a payload's JSON, forward compatibly: unknown element types, slots, tags and fields
/// are skipped and reported, never a failure. Missing or mistyped known fields are errors.
public enum PayloadDecoder {
    /// A decoded payload and what was skipped.
    public struct Result: Sendable, Hashable {
        public var payload: Payload
        public var ignored: [Ignored]

        public init(payload: Payload, ignored: [Ignored]) {
            self.payload = payload
            self.ignored = ignored
        }
    }

    public static func decode(_ data: [UInt8]) throws -> Result {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: Data(data))
        } catch {
            throw PayloadError(.malformed, path: "", "not valid JSON")
        }
        var reader = Reader()
        let payload = try reader.payload(json)
        return Result(payload: payload, ignored: reader.ignored)
    }
}

private struct Reader {
    var ignored: [Ignored] = []

    private static let payloadFields: Set<String> = ["version", "timestamp", "slots"]
    private static let elementFields: [String: Set<String>] = [
        "label": ["type", "text", "tags"], "image": ["type", "url", "tags"], "progress": ["type", "value", "tags"],
    ]

    mutating func payload(_ json: Any) throws -> Payload {
        let object = try self.object(json, at: "")
        skipUnknownFields(object, known: Self.payloadFields, at: "")
        let version = try integer(object["version"], at: "version")
        let timestamp = try integer(object["timestamp"], at: "timestamp")
        var slots: [Slot: Element] = [:]
        let slotsObject = try self.object(object["slots"] as Any, at: "slots")
        for name in slotsObject.keys.sorted() {
            let path = "slots.\(name)"
            guard let slot = Slot(rawValue: name) else {
                ignored.append(Ignored(path: path, what: "unknown slot \"\(name)\""))
                continue
            }
            if let element = try element(slotsObject[name] as Any, at: path) { slots[slot] = element }
        }
        return Payload(version: version, timestamp: Instant(millisecondsSinceEpoch: Int64(timestamp)), slots: slots)
    }

    private mutating func element(_ json: Any, at path: String) throws -> Element? {
        let object = try self.object(json, at: path)
        let type = try string(object["type"], at: "\(path).type")
        guard let known = Self.elementFields[type] else {
            ignored.append(Ignored(path: "\(path).type", what: "unknown element type \"\(type)\""))
            return nil
        }
        skipUnknownFields(object, known: known, at: path)
        let tags = try self.tags(object["tags"], at: "\(path).tags")
        switch type {
        case "label": return .label(text: try string(object["text"], at: "\(path).text"), tags: tags)
        case "image": return .image(url: try string(object["url"], at: "\(path).url"), tags: tags)
        default:
            let value = try number(object["value"], at: "\(path).value")
            guard (0...1).contains(value) else { throw PayloadError(.malformed, path: "\(path).value", "must be between 0 and 1") }
            return .progress(value: value, tags: tags)
        }
    }

    private mutating func tags(_ json: Any?, at path: String) throws -> [Tag] {
        guard let json else { return [] }
        guard let names = json as? [Any] else { throw PayloadError(.malformed, path: path, "expected an array of strings") }
        var tags: [Tag] = []
        for (index, item) in names.enumerated() {
            let name = try string(item, at: "\(path)[\(index)]")
            if let tag = Tag(rawValue: name) {
                tags.append(tag)
            } else {
                ignored.append(Ignored(path: "\(path)[\(index)]", what: "unknown tag \"\(name)\""))
            }
        }
        return tags
    }

    private mutating func skipUnknownFields(_ object: [String: Any], known: Set<String>, at path: String) {
        for key in object.keys.sorted() where !known.contains(key) {
            ignored.append(Ignored(path: path.isEmpty ? key : "\(path).\(key)", what: "unknown field"))
        }
    }

    private func object(_ json: Any, at path: String) throws -> [String: Any] {
        guard let object = json as? [String: Any] else {
            throw PayloadError(.malformed, path: path, json is NSNull || path.isEmpty ? "expected an object" : "missing object")
        }
        return object
    }

    private func string(_ json: Any?, at path: String) throws -> String {
        guard let json else { throw PayloadError(.malformed, path: path, "missing string") }
        guard let string = json as? String else { throw PayloadError(.malformed, path: path, "expected a string") }
        return string
    }

    private func integer(_ json: Any?, at path: String) throws -> Int {
        guard let json else { throw PayloadError(.malformed, path: path, "missing integer") }
        guard let number = Self.number(json), let value = Int(exactly: number) else {
            throw PayloadError(.malformed, path: path, "expected an integer")
        }
        return value
    }

    /// A JSON number (not a boolean, which Foundation also bridges to `NSNumber`).
    private static func number(_ json: Any) -> Double? {
        guard let number = json as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return number.doubleValue
    }

    private func number(_ json: Any?, at path: String) throws -> Double {
        guard let json else { throw PayloadError(.malformed, path: path, "missing number") }
        guard let number = Self.number(json) else { throw PayloadError(.malformed, path: path, "expected a number") }
        return number
    }
}
