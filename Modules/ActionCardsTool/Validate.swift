import ActionCards
import ArgumentParser
import CommandLineSupport
import Membership

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
            for problem in problems { print(problem) }
            let count = try ScreenCatalog.screenFiles(in: directory).count
            guard problems.isEmpty else {
                printError(tool: toolName, "\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(count) screens")
                throw ExitCode.failure
            }
            print("\(count) screens, no problems")
        }
    }
}
