import Foundation
import PlatformKit

/// A directory of display configs, one `<screenID>.json` per screen, decoded once.
public struct ScreenCatalog: Sendable {
    public var screens: [String: CardScreenPresentation]

    public init(screens: [String: CardScreenPresentation]) {
        self.screens = screens
    }

    /// Loads every `*.json` of `directory`; throws a ``DisplayConfigProblem`` naming the file and
    /// JSON path, also for a directory without screens or two files of one screen id.
    public static func load(directory: String) throws -> ScreenCatalog {
        var screens: [String: CardScreenPresentation] = [:]
        var files: [String: String] = [:]
        let paths = try screenFiles(in: directory)
        if paths.isEmpty { throw noScreens(in: directory) }
        for file in paths {
            let screen = try decodeScreen(file: file)
            if let first = files[screen.screenID] {
                throw duplicate(screen.screenID, in: file, first: first)
            }
            files[screen.screenID] = file
            screens[screen.screenID] = screen
        }
        return ScreenCatalog(screens: screens)
    }

    static func noScreens(in directory: String) -> DisplayConfigProblem {
        DisplayConfigProblem(file: directory, path: "", message: "no display configs (*.json) in this directory")
    }

    static func duplicate(_ screenID: String, in file: String, first: String) -> DisplayConfigProblem {
        DisplayConfigProblem(file: file, path: "$.screenID", message: "duplicate screen id \(screenID) (also in \((first as NSString).lastPathComponent))")
    }

    /// The `*.json` files of `directory`, sorted.
    public static func screenFiles(in directory: String) throws -> [String] {
        if let problem = directoryProblem(directory) { throw DisplayConfigProblem(file: directory, path: "", message: problem) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw DisplayConfigProblem(file: directory, path: "", message: "cannot read the directory")
        }
        return names.filter { $0.hasSuffix(".json") }.sorted().map { (directory as NSString).appendingPathComponent($0) }
    }

    /// Decodes one screen file; a malformed file names its JSON path.
    public static func decodeScreen(file: String) throws -> CardScreenPresentation {
        switch contents(ofFile: file, what: "display config") {
        case .success(let data): return try decodeScreen(data, file: file)
        case .failure(let problem): throw DisplayConfigProblem(file: file, path: "", message: "\(problem)")
        }
    }

    static func decodeScreen(_ data: Data, file: String) throws -> CardScreenPresentation {
        do {
            return try JSONDecoder().decode(CardScreenPresentation.self, from: data)
        } catch let error as DecodingError {
            throw DisplayConfigProblem(file: file, decoding: error, in: data)
        } catch {
            throw DisplayConfigProblem(file: file, path: "", message: "not JSON")
        }
    }
}

/// One problem in a display config: the file, the JSON path, and what is wrong.
public struct DisplayConfigProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var path: String
    public var message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `error`, decoding `data` of `file`, with its JSON path.
    init(file: String, decoding error: DecodingError, in data: Data) {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        // Foundation calls a document nested too deeply for its parser "not valid JSON".
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, JSONNesting.isTooDeep(data) {
            self.init(file: file, path: "$", message: "nested too deeply (more than \(JSONNesting.parserLimit) arrays and objects inside each other)")
            return
        }
        // Foundation names no path for a number no Int64 holds; a screen's numbers are all whole.
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let found = JSONWholeNumbers.firstNotWhole(in: data) {
            self.init(file: file, path: "$" + (found.hasPrefix("[") ? found : "." + found), message: "expected a whole number")
            return
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(file: file, path: "$" + path(context.codingPath + [key]), message: "missing field")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            self.init(file: file, path: "$" + path(context.codingPath), message: "wrong type: \(context.debugDescription)")
        case .dataCorrupted(let context):
            self.init(file: file, path: "$" + path(context.codingPath), message: "malformed JSON: \(context.debugDescription)")
        @unknown default:
            self.init(file: file, path: "$", message: "\(error)")
        }
    }

    public var description: String { "\(file): \(path.isEmpty ? "" : "\(path): ")\(message)" }
}
