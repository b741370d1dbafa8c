import Foundation
import Onboarding
import OnboardingContract
import PlatformKit

/// A scripted user: `type: value` lines, one value per line, consumed per data type as steps ask.
///
/// ```
/// # comments and blank lines are ignored
/// mobileNumber: +14155550123
/// oneTimeCode: {code}          # the code the back end sent; {wrong-code} is a code that is not it
/// password: @forgotPassword    # choose the alternate question instead of answering
/// ```
/// When a step asks for a type with no value left, the value already given is kept if the step
/// has no error for it.
public struct Script: Sendable {
    public enum Value: Sendable, Hashable {
        case literal(String)
        case code
        case wrongCode
        case alternate(String)
    }

    public struct Line: Sendable, Hashable {
        public var number: Int
        public var type: DataType
        public var value: Value
    }

    public private(set) var lines: [Line]

    /// A malformed line, located by file and line number.
    public struct ParseError: Error, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    public init(lines: [Line]) {
        self.lines = lines
    }

    /// Parses `text` (the contents of `file`).
    public static func parse(_ text: String, file: String) throws(ParseError) -> Script {
        var lines: [Line] = []
        for (index, raw) in text.textLines.enumerated() {
            let number = index + 1
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let trimmed = content.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard let colon = trimmed.firstIndex(of: ":") else {
                throw ParseError(file: file, line: number, message: "expected `dataType: value`, found \"\(trimmed)\"")
            }
            let name = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
            guard let type = DataType(rawValue: name) else {
                throw ParseError(file: file, line: number, message: "unknown data type \"\(name)\" (known: \(DataType.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            lines.append(Line(number: number, type: type, value: parseValue(value)))
        }
        return Script(lines: lines)
    }

    private static func parseValue(_ text: String) -> Value {
        switch text {
        case "{code}": .code
        case "{wrong-code}": .wrongCode
        case _ where text.hasPrefix("@") && text.count > 1: .alternate(String(text.dropFirst()))
        default: .literal(text)
        }
    }
}

/// Plays a `Script` as a user: answers each prompt from the per-type queues.
public struct ScriptedUser {
    private var queues: [DataType: ArraySlice<Script.Value>]

    public init(_ script: Script) {
        queues = Dictionary(grouping: script.lines, by: \.type).mapValues { ArraySlice($0.map(\.value)) }
    }

    /// Thrown when the script has nothing to say at a step.
    public struct Exhausted: Error, CustomStringConvertible {
        public var step: InfoStep
        public var description: String {
            "the script has no more values for \(step.dataTypes.map(\.rawValue).joined(separator: ", "))"
                + (step.errors.isEmpty ? "" : " (errors: \(step.errors.map(\.code).joined(separator: ", ")))")
        }
    }

    /// The input for `prompt`.
    public mutating func respond(_ prompt: StepPrompt) throws(Exhausted) -> StepInput {
        var values: [DataType: String] = [:]
        for type in prompt.step.dataTypes {
            if case .alternate(let id) = queues[type]?.first {
                queues[type]?.removeFirst()
                return .alternate(id)
            }
            if let next = queues[type]?.popFirst() {
                values[type] = resolve(next, code: prompt.deliveredCode)
            } else if let kept = prompt.values[type], !prompt.step.errors.contains(where: { $0.dataType == type }) {
                values[type] = kept
            } else {
                throw Exhausted(step: prompt.step)
            }
        }
        return .values(values)
    }

    private func resolve(_ value: Script.Value, code: String?) -> String {
        switch value {
        case .literal(let text): text
        case .code: code ?? ""
        case .wrongCode: String((code ?? "0000").map { $0 == "9" ? "0" : Character(String(($0.wholeNumberValue ?? 0) + 1)) })
        case .alternate(let id): "@" + id
        }
    }
}
