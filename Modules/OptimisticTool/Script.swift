import OptimisticSync
import PlatformKit
import TripContract

/// A scenario for `optimistic run`: one driver, the network, and what happens at which second.
///
/// ```
/// driver driver-7          # the client id (default driver-1)
/// seed 42                  # network randomness (default 1)
/// latency 200..400         # one-way milliseconds (default 50..150)
/// loss 0.05                # probability a message is lost (default 0)
/// timeout 300              # seconds a request waits for those it depends on (default 300)
/// at 0 online
/// at 5 offer trip-1 12.00  # the service offers a trip with a first estimate
/// at 6 accept trip-1
/// at 90 begin
/// at 95 dark 120           # a dark spot: no network for 120 s
/// at 100 estimate trip-1 14.50  # a trip offered on an earlier line
/// at 200 end
/// at 210 restart           # the app is killed and started again from the log
/// until 900                # keep running until this second (default: until the queue is drained)
/// ```
public struct Script: Sendable, Equatable {
    public var driverID = "driver-1"
    public var seed: UInt64 = 1
    public var conditions = NetworkConditions(latencyMilliseconds: 50...150)
    public var configuration = SyncConfiguration()
    public var steps: [Step] = []
    /// The second the run stops at, at the latest.
    public var until: Int64?

    /// One timed action, with the script line it came from.
    public struct Step: Sendable, Equatable {
        public var second: Int64
        public var line: Int
        public var action: Action
    }

    /// What a step does.
    public enum Action: Sendable, Equatable {
        case goOnline, accept(trip: String), arrive, begin, end, rateRider(stars: Int), confirmCash, markRead(message: String)
        case offer(trip: String, estimate: Money), estimate(trip: String, amount: Money)
        case dark(seconds: Int64), latency(ClosedRange<Int64>), reject(kind: String), push, restart
    }
}

/// A script line that cannot be read: names the file, line and field.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public var description: String { "\(file):\(line): \(message)" }
}

extension Script {
    /// Short action names for `reject`, mapped to request kinds.
    static let kindNames: [String: String] = [
        "online": TripKind.goOnline, "accept": TripKind.accept, "arrive": TripKind.arrive, "begin": TripKind.begin,
        "end": TripKind.end, "rate": TripKind.rateRider, "cash": TripKind.confirmCash, "read": TripKind.markRead,
    ]

    /// Parses a script; `file` names it in errors.
    public init(parsing text: String, file: String) throws(ScriptError) {
        self.init()
        var settingLines: [String: Int] = [:]
        var offered: Set<String> = []
        for (index, rawLine) in text.textLines.enumerated() {
            var reader = LineReader(file: file, line: index + 1, text: rawLine)
            guard let keyword = reader.next() else { continue }
            if keyword != "at" {
                if let first = settingLines[keyword] { throw reader.error("\(keyword) is already set on line \(first)") }
                settingLines[keyword] = index + 1
            }
            switch keyword {
            case "driver": driverID = try reader.word("driver id")
            case "seed": seed = try reader.number("seed", as: UInt64.self)
            case "latency": conditions.latencyMilliseconds = try reader.range("latency")
            case "loss": conditions.lossProbability = try reader.probability("loss")
            case "timeout": configuration.dependencyTimeout = .seconds(try reader.seconds("timeout (seconds)"))
            case "until": until = try reader.seconds("until")
            case "at":
                let second = try reader.seconds("time (seconds)")
                if let previous = steps.last?.second, second < previous {
                    throw reader.error("time \(second) is before the previous step's \(previous)")
                }
                let action = try reader.action()
                switch action {
                case .dark(let seconds):
                    let start = Script.start.advanced(by: .seconds(second))
                    conditions.outages.append(.init(start: start, end: start.advanced(by: .seconds(seconds))))
                case .offer(let trip, _): offered.insert(trip)
                // The service has no such trip: it would ignore the estimate.
                case .estimate(let trip, _) where !offered.contains(trip):
                    throw reader.error("estimate: trip '\(trip)' was never offered (no earlier 'offer \(trip)' line)")
                default: break
                }
                steps.append(Step(second: second, line: index + 1, action: action))
            default: throw reader.error("unknown keyword '\(keyword)' (expected driver, seed, latency, loss, timeout, at or until)")
            }
            try reader.end()
        }
        guard !steps.isEmpty else { throw ScriptError(file: file, line: 1, message: "no steps ('at SECONDS ACTION' lines)") }
    }

    /// Second 0 of every script: 2026-01-01T00:00:00Z.
    public static let start = Instant(millisecondsSinceEpoch: 1_767_225_600_000)

    /// The longest time a script may name, in seconds: a hundred years.
    static let longestSeconds = 100 * Instant.secondsPerYear
}

/// Reads the words of one script line (`#` starts a comment).
private struct LineReader {
    let file: String
    let line: Int
    private var words: ArraySlice<Substring>

    init(file: String, line: Int, text: Substring) {
        self.file = file
        self.line = line
        let content = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        words = ArraySlice(content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }))
    }

    func error(_ message: String) -> ScriptError { ScriptError(file: file, line: line, message: message) }

    mutating func next() -> String? { words.popFirst().map(String.init) }

    mutating func word(_ field: String) throws(ScriptError) -> String {
        guard let word = next() else { throw error("missing \(field)") }
        return word
    }

    mutating func number<N: FixedWidthInteger>(_ field: String, as type: N.Type) throws(ScriptError) -> N {
        let text = try word(field)
        guard let value = N(text), value >= 0 else { throw error("\(field): '\(text)' is not a non-negative whole number") }
        return value
    }

    /// A number of seconds, at most ``Script/longestSeconds``.
    mutating func seconds(_ field: String) throws(ScriptError) -> Int64 {
        let value = try number(field, as: Int64.self)
        guard value <= Script.longestSeconds else { throw error("\(field): \(value) is more than \(Script.longestSeconds) seconds") }
        return value
    }

    mutating func range(_ field: String) throws(ScriptError) -> ClosedRange<Int64> {
        let text = try word(field)
        let bounds = text.split(separator: "..", omittingEmptySubsequences: false).map { Int64($0) }
        guard let low = bounds.first ?? nil, let high = bounds.last ?? nil, bounds.count <= 2, low >= 0, low <= high else {
            throw error("\(field): '\(text)' is not MILLISECONDS or MIN..MAX")
        }
        guard high <= NetworkConditions.longestLatencyMilliseconds else {
            throw error("\(field): \(high) ms is more than \(NetworkConditions.longestLatencyMilliseconds) (a day)")
        }
        return low...high
    }

    mutating func probability(_ field: String) throws(ScriptError) -> Double {
        let text = try word(field)
        guard let value = Double(text), (0...1).contains(value) else { throw error("\(field): '\(text)' is not a probability in 0...1") }
        return value
    }

    mutating func money(_ field: String) throws(ScriptError) -> Money {
        let text = try word(field)
        guard let money = try? Money(parsing: "\(text) USD", currencies: [.usd]), !money.isNegative else { throw error("\(field): '\(text)' is not an amount like 12.50") }
        return money
    }

    mutating func action() throws(ScriptError) -> Script.Action {
        let name = try word("action")
        switch name {
        case "online": return .goOnline
        case "accept": return .accept(trip: try word("trip id"))
        case "arrive": return .arrive
        case "begin": return .begin
        case "end": return .end
        case "rate": return .rateRider(stars: try number("stars", as: Int.self))
        case "cash": return .confirmCash
        case "read": return .markRead(message: try word("message id"))
        case "offer": return .offer(trip: try word("trip id"), estimate: try money("offer"))
        case "estimate": return .estimate(trip: try word("trip id"), amount: try money("estimate"))
        case "dark": return .dark(seconds: try seconds("dark spot length (seconds)"))
        case "latency": return .latency(try range("latency"))
        case "reject":
            let kind = try word("action to reject")
            guard let full = Script.kindNames[kind] else { throw error("reject: unknown action '\(kind)' (expected one of \(Script.kindNames.keys.sorted().joined(separator: ", ")))") }
            return .reject(kind: full)
        case "push": return .push
        case "restart": return .restart
        default:
            throw error("unknown action '\(name)' (expected online, offer, accept, arrive, begin, end, rate, cash, read, estimate, dark, latency, reject, push or restart)")
        }
    }

    mutating func end() throws(ScriptError) {
        if let extra = next() { throw error("unexpected '\(extra)' at the end of the line") }
    }
}
