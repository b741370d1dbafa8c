import Foundation
import PlatformKit

/// The flows of every market, loaded once from `fixtures/onboarding/flows/<market>.json`.
public struct FlowCatalog: Sendable {
    public private(set) var flows: [String: Flow]

    public init(_ flows: [Flow]) {
        self.flows = Dictionary(flows.map { ($0.market, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The flow of `market`, if any.
    public func flow(for market: String) -> Flow? { flows[market] }

    /// Markets in name order.
    public var markets: [String] { flows.keys.sorted() }

    /// The longest rate-limit window of any market, in seconds: entries older than this limit no one.
    public var longestRateWindowSeconds: Int64 {
        flows.values.map(\.policy.rateWindowSeconds).max() ?? 0
    }

    /// Loads and checks the files; throws `FlowProblems` with every problem of every file.
    public static func load(files: [String]) throws(FlowProblems) -> FlowCatalog {
        var flows: [Flow] = []
        var problems: [FlowProblem] = []
        for file in files {
            do {
                guard let data = readable(file, into: &problems) else { continue }
                let flow = try FlowCompiler.compile(data, file: file)
                let expected = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
                if flow.market != expected {
                    problems.append(FlowProblem(file: file, path: "market", message: "\"\(flow.market)\" does not match the file name \(expected).json"))
                }
                flows.append(flow)
            } catch {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw FlowProblems(problems: problems) }
        return FlowCatalog(flows)
    }

    /// The bytes of `file`, or `nil` with a problem naming what is wrong with it.
    private static func readable(_ file: String, into problems: inout [FlowProblem]) -> Data? {
        switch contents(ofFile: file, what: "flow file") {
        case .success(let data): return data
        case .failure(let problem):
            problems.append(FlowProblem(file: file, path: "", message: "\(problem)"))
            return nil
        }
    }

    /// Loads every `*.json` in `directory`.
    public static func load(directory: String) throws(FlowProblems) -> FlowCatalog {
        if let problem = directoryProblem(directory) { throw FlowProblems(problems: [FlowProblem(file: directory, path: "", message: problem)]) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let files = names.filter { $0.hasSuffix(".json") }.sorted().map { directory + "/" + $0 }
        guard !files.isEmpty else {
            throw FlowProblems(problems: [FlowProblem(file: directory, path: "", message: "no flow files (*.json) found")])
        }
        return try load(files: files)
    }
}
