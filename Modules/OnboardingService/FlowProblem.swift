/// One thing wrong with a flow file, located by file and JSON path.
public struct FlowProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// JSON path, e.g. `scenarios.register[2].dataTypes[0]`; empty for the whole file.
    public var path: String
    public var message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)" }
}

/// Every problem found in one or more flow files.
public struct FlowProblems: Error, Sendable, CustomStringConvertible {
    public var problems: [FlowProblem]

    /// The first problem, and how many more there are, on one line (a tool's error is one line;
    /// `problems` lists them all).
    public var description: String {
        guard let first = problems.first else { return "no problems" }
        let more = problems.count - 1
        return more == 0 ? first.description : "\(first) (and \(more) more problem\(more == 1 ? "" : "s"))"
    }
}
