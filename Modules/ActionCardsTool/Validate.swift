import ActionCards
import ArgumentParser
import CommandLineSupport
import Membership
import PlatformKit

/// `actioncards validate DIR`.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a directory of display configs: known card and action types, target screens, reachability, completion loops."
    )

    @Argument(help: "A directory of screen configs (*.json).")
    var directory: String

    func run() throws {
        try reportingFailure(tool: toolName) {
            let problems = try DisplayConfigValidator(knownActions: MembershipApp.knownActions).validate(directory: directory)
            for problem in problems { print(TerminalColumns.printable("\(problem)")) }
            let count = try ScreenCatalog.screenFiles(in: directory).count
            guard problems.isEmpty else {
                printError(tool: toolName, "\(problems.count.counted("problem")) in \(count.counted("screen"))")
                throw ExitCode.failure
            }
            print("\(count.counted("screen")), no problems")
        }
    }
}
