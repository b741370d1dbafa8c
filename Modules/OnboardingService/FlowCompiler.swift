import Foundation
import OnboardingContract
import PlatformKit

/// Turns a flow file into a `Flow`, reporting every problem with its JSON path.
public enum FlowCompiler {
    /// Data types a first answer may carry.
    static let entryCandidates: Set<DataType> = [.mobileNumber, .email, .socialToken]

    /// Parses and checks `data` (the contents of `file`); throws `FlowProblems` listing every problem.
    public static func compile(_ data: Data, file: String) throws(FlowProblems) -> Flow {
        let raw: FlowFile
        do {
            raw = try JSONDecoder().decode(FlowFile.self, from: data)
        } catch {
            throw FlowProblems(problems: [Self.problem(of: error, in: data, file: file)])
        }
        var checker = Checker(file: file)
        let flow = checker.check(raw)
        guard checker.problems.isEmpty, let flow else { throw FlowProblems(problems: checker.problems) }
        return flow
    }

    /// A decoding error as a problem; a number no `Int64` holds is named by its path (Foundation
    /// says "not valid JSON" without one, and a flow's numbers are all whole).
    private static func problem(of error: any Error, in data: Data, file: String) -> FlowProblem {
        if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty, let path = JSONWholeNumbers.firstNotWhole(in: data) {
            return FlowProblem(file: file, path: path, message: "expected a whole number")
        }
        return FlowProblem(file: file, path: Self.path(of: error), message: Self.message(of: error))
    }

    private static func path(of error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "" }
        let context: DecodingError.Context? = switch decoding {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): c
        case .keyNotFound(let key, let c): DecodingError.Context(codingPath: c.codingPath + [key], debugDescription: c.debugDescription)
        @unknown default: nil
        }
        return context.map { render($0.codingPath) } ?? ""
    }

    private static func message(of error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .keyNotFound: return "missing field"
        case .typeMismatch(let type, _): return "expected \(type)"
        case .valueNotFound(let type, _): return "expected \(type), found null"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "not valid JSON" + (underlying.map { ": \($0)" } ?? "")
        @unknown default: return "\(error)"
        }
    }

    static func render(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { path, key in
            if let index = key.intValue { path += "[\(index)]" } else { path += path.isEmpty ? key.stringValue : "." + key.stringValue }
        }
    }
}

/// Collects the problems of one flow file while building the typed flow.
private struct Checker {
    let file: String
    var problems: [FlowProblem] = []

    init(file: String) {
        self.file = file
    }

    mutating func report(_ path: String, _ message: String) {
        problems.append(FlowProblem(file: file, path: path, message: message))
    }

    /// Reports each of `values` that repeats an earlier one, at `path(index)`.
    mutating func reportRepeats(_ values: [String], _ what: String, at path: (Int) -> String) {
        var seen: Set<String> = []
        for (index, value) in values.enumerated() where !seen.insert(value).inserted {
            report(path(index), "duplicate \(what) \"\(value)\"")
        }
    }

    mutating func dataType(_ name: String, at path: String) -> DataType? {
        guard let type = DataType(rawValue: name) else {
            report(path, "unknown data type \"\(name)\" (known: \(DataType.allCases.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        return type
    }

    mutating func check(_ raw: FlowFile) -> Flow? {
        if raw.market.isEmpty { report("market", "must not be empty") }
        let policy = raw.policy ?? FlowPolicy()
        checkPolicy(policy)
        if raw.entry.isEmpty { report("entry", "must list at least one entry data type") }
        reportRepeats(raw.entry, "entry data type") { "entry[\($0)]" }
        let entryTypes = raw.entry.enumerated().compactMap { index, name -> DataType? in
            guard let type = dataType(name, at: "entry[\(index)]") else { return nil }
            guard FlowCompiler.entryCandidates.contains(type) else {
                report("entry[\(index)]", "\(name) cannot start onboarding (use mobileNumber, email or socialToken)")
                return nil
            }
            return type
        }
        var scenarios: [Scenario: [FlowStep]] = [:]
        for (name, steps) in raw.scenarios.sorted(by: { $0.key < $1.key }) {
            guard let scenario = Scenario(rawValue: name), scenario != .entry else {
                report("scenarios.\(name)", "unknown scenario (known: signIn, register, accountRecovery)")
                continue
            }
            scenarios[scenario] = steps.enumerated().compactMap { step($1, at: "scenarios.\(name)[\($0)]", entryTypes: Set(entryTypes)) }
            reportRepeats(steps.map(\.id), "step id") { "scenarios.\(name)[\($0)].id" }
        }
        for required in [Scenario.signIn, .register] where raw.scenarios[required.rawValue] == nil {
            report("scenarios", "missing scenario \(required.rawValue)")
        }
        let flow = Flow(market: raw.market, entryTypes: entryTypes, scenarios: scenarios, policy: policy)
        checkReachability(flow)
        checkCompletion(flow)
        return flow
    }

    private mutating func step(_ raw: FlowFile.Step, at path: String, entryTypes: Set<DataType>) -> FlowStep? {
        if raw.id.isEmpty { report("\(path).id", "must not be empty") }
        if raw.dataTypes.isEmpty { report("\(path).dataTypes", "a step must collect at least one data type") }
        let types = raw.dataTypes.enumerated().compactMap { dataType($1, at: "\(path).dataTypes[\($0)]") }
        reportRepeats(raw.dataTypes, "data type") { "\(path).dataTypes[\($0)]" }
        reportRepeats(raw.entryTypes ?? [], "entry type") { "\(path).entryTypes[\($0)]" }
        reportRepeats((raw.alternates ?? []).map(\.id), "alternate id") { "\(path).alternates[\($0)].id" }
        let collection = FlowStep.Collection(rawValue: raw.collect ?? "sequence")
        if collection == nil { report("\(path).collect", "expected \"oneStep\" or \"sequence\", found \"\(raw.collect ?? "")\"") }
        let applies = raw.entryTypes.map { names in Set(names.enumerated().compactMap { dataType($1, at: "\(path).entryTypes[\($0)]") }) }
        if let applies, applies.isDisjoint(with: entryTypes) {
            report(path, "unreachable step: it applies only to entry types this market does not take")
        }
        var alternates: [AlternateQuestion] = []
        for (index, alternate) in (raw.alternates ?? []).enumerated() {
            if alternate.id.isEmpty { report("\(path).alternates[\(index)].id", "must not be empty") }
            guard let name = alternate.scenario else {
                alternates.append(AlternateQuestion(id: alternate.id))
                continue
            }
            guard let scenario = Scenario(rawValue: name), scenario != .entry else {
                report("\(path).alternates[\(index)].scenario", "unknown scenario \"\(name)\"")
                continue
            }
            alternates.append(AlternateQuestion(id: alternate.id, scenario: scenario))
        }
        guard let collection else { return nil }
        return FlowStep(id: raw.id, dataTypes: types, collection: collection, batchable: raw.batchable ?? true, entryTypes: applies, alternates: alternates)
    }

    /// The longest lifetime or window a policy may set: a year.
    static let longestPeriodSeconds = Instant.secondsPerYear

    private mutating func checkPolicy(_ policy: FlowPolicy) {
        if !(4...10).contains(policy.codeLength) { report("policy.codeLength", "must be 4 to 10 digits") }
        if policy.maxTries < 1 { report("policy.maxTries", "must be at least 1") }
        if policy.maxAttemptsPerIdentifier < 1 { report("policy.maxAttemptsPerIdentifier", "must be at least 1") }
        if policy.passwordMinLength < 0 { report("policy.passwordMinLength", "must not be negative") }
        // Bounded, so that every expiry computed from them stays far inside the clock's range.
        for (name, value) in [("codeLifetimeSeconds", policy.codeLifetimeSeconds), ("attemptLifetimeSeconds", policy.attemptLifetimeSeconds), ("rateWindowSeconds", policy.rateWindowSeconds)]
        where !(1...Self.longestPeriodSeconds).contains(value) {
            report("policy.\(name)", "must be 1 to \(Self.longestPeriodSeconds) seconds (a year)")
        }
    }

    /// Every scenario but sign in and register must be the target of some alternate question.
    /// The scenarios a user entering with `entry` can reach: sign in, register, and alternates' targets.
    private func reachable(from entry: DataType, in flow: Flow) -> Set<Scenario> {
        var found: Set<Scenario> = [.signIn, .register]
        var frontier = Array(found)
        while let scenario = frontier.popLast() {
            let steps = (flow.scenarios[scenario] ?? []).filter { $0.entryTypes?.contains(entry) ?? true }
            for target in steps.flatMap(\.alternates).compactMap(\.scenario) where found.insert(target).inserted {
                frontier.append(target)
            }
        }
        return found
    }

    private mutating func checkReachability(_ flow: Flow) {
        let targets = Set(flow.scenarios.values.flatMap { $0.flatMap(\.alternates).compactMap(\.scenario) })
        for scenario in flow.scenarios.keys where scenario != .signIn && scenario != .register && !targets.contains(scenario) {
            report("scenarios.\(scenario.rawValue)", "unreachable scenario: no alternate question leads to it")
        }
        for target in targets where flow.scenarios[target] == nil {
            report("scenarios", "an alternate question leads to \(target.rawValue), which has no steps")
        }
    }

    /// A scenario must be able to finish for every entry type it can be reached from.
    private mutating func checkCompletion(_ flow: Flow) {
        for entry in flow.entryTypes where entry == .socialToken {
            for scenario in reachable(from: entry, in: flow).sorted(by: { $0.rawValue < $1.rawValue }) {
                let applicable = (flow.scenarios[scenario] ?? []).filter { $0.entryTypes?.contains(entry) ?? true }
                if applicable.contains(where: { $0.dataTypes.contains(.oneTimeCode) }) {
                    report("scenarios.\(scenario.rawValue)", "no way to finish for socialToken entries: a one-time code needs a mobile number or email to go to")
                }
            }
        }
        for entry in flow.entryTypes {
            let collects = { (scenario: Scenario, type: DataType) in
                (flow.scenarios[scenario] ?? []).contains { ($0.entryTypes?.contains(entry) ?? true) && $0.dataTypes.contains(type) }
            }
            if collects(.signIn, .password), !collects(.register, .password) {
                report("scenarios.signIn", "no way to finish for \(entry.rawValue) entries: sign in asks a password that register never collects")
            }
        }
    }
}
