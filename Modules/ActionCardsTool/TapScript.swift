import CommandLineSupport
import Foundation
import PlatformKit

/// A `--taps` file: one step a line.
///
/// ```
/// # comment
/// tap end                  # tap the card `end`
/// tap reasons too-expensive   # choose a radio option (or a list row)
/// type promo EATS10        # type into a text field
/// wait 500                 # let 500 ms pass
/// +10 tap cancel           # 10 ms after the previous step instead of the default think time
/// ```
struct TapScript {
    enum Command: Equatable {
        case tap(card: String, option: String?)
        case type(card: String, text: String)
        case wait(milliseconds: Int64)
    }

    struct Step: Equatable {
        var line: Int
        /// Time before this step; `nil` for the default think time.
        var delay: Int64?
        var command: Command
    }

    var steps: [Step]

    static func load(file: String) throws -> TapScript {
        try parse(try readTextFile(file), file: file)
    }

    /// The longest delay or wait a step may name: a year, in milliseconds (many steps together
    /// may still go past year 9999: ``checkTime(from:think:slack:file:)``).
    static let longestMilliseconds = Instant.secondsPerYear * 1_000

    /// Throws, naming the first step that takes a session started at `start` past year 9999
    /// (with `slack` after the step for answers still on their way): no event log holds such a time.
    /// A step without a delay waits `think` milliseconds before it, unless it is a `wait`.
    func checkTime(from start: Instant, think: Int64, slack: Int64, file: String) throws {
        let room = Instant.fourDigitYears.upperBound.millisecondsSinceEpoch - start.millisecondsSinceEpoch - slack
        var elapsed: Int64 = 0
        for step in steps {
            elapsed += step.delay ?? (step.command.isWait ? 0 : think)
            if case .wait(let milliseconds) = step.command { elapsed += milliseconds }
            if elapsed > room { throw ToolError("\(file):\(step.line): the session's virtual time passes year 9999 at this step") }
        }
    }

    static func parse(_ text: String, file: String) throws -> TapScript {
        var steps: [Step] = []
        for (index, raw) in text.textLines.enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard !words.isEmpty else { continue }
            let number = index + 1
            func fail(_ message: String) -> ToolError { ToolError("\(file):\(number): \(message)") }
            var delay: Int64?
            if words[0].hasPrefix("+") {
                guard let value = Int64(words[0].dropFirst()), (0...longestMilliseconds).contains(value) else {
                    throw fail("bad delay \(words[0]) (use +MILLISECONDS, at most \(longestMilliseconds))")
                }
                delay = value
                words.removeFirst()
            }
            let command: Command
            switch (words.first, words.count) {
            case ("tap", 2): command = .tap(card: words[1], option: nil)
            case ("tap", 3): command = .tap(card: words[1], option: words[2])
            case ("type", 3...): command = .type(card: words[1], text: words[2...].joined(separator: " "))
            case ("wait", 2):
                guard let value = Int64(words[1]), (0...longestMilliseconds).contains(value) else {
                    throw fail("bad wait \(words[1]) (use MILLISECONDS, at most \(longestMilliseconds))")
                }
                command = .wait(milliseconds: value)
            case ("tap", _), ("type", _), ("wait", _):
                throw fail("usage: tap CARD [OPTION] | type CARD TEXT | wait MILLISECONDS")
            default:
                throw fail("unknown command \(words.first ?? "")")
            }
            steps.append(Step(line: number, delay: delay, command: command))
        }
        return TapScript(steps: steps)
    }
}

extension TapScript.Command {
    var isWait: Bool {
        if case .wait = self { return true }
        return false
    }
}
