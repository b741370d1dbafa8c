import ArgumentParser
import CommandLineSupport
import OnboardingContract
import OnboardingService

/// `onboarding flows …`
struct Flows: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Work with flow files.", subcommands: [Validate.self])

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Check flow files; report every problem with its file and JSON path.")

        @Argument(help: "Flow files (<market>.json).") var files: [String]

        func run() throws {
            do {
                let catalog = try FlowCatalog.load(files: files)
                for market in catalog.markets {
                    let flow = catalog.flow(for: market)
                    print("ok \(market): \(flow?.scenarios.count ?? 0) scenarios, entry \(flow?.entryTypes.map(\.rawValue).joined(separator: "/") ?? "")")
                }
            } catch {
                for problem in error.problems { printError(tool: toolName, problem.description) }
                throw ExitCode.failure
            }
        }
    }
}
