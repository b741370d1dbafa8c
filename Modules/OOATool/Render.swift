import ArgumentParser
import CommandLineSupport
import Foundation
import OutOfAppDSL
import PlatformKit

extension Surface: ExpressibleByArgument {}

/// `ooa render PAYLOAD.json --surface S`: draws one surface in the terminal.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Draw a payload on one surface as text.")

    @Argument(help: "The payload (JSON).")
    var payload: String

    @Option(help: "lockscreen, island-compact, island-minimal, island-expanded or android.")
    var surface: Surface

    @Option(help: "The shared container directory the main app filled (images, feature flags); without it, images show as placeholders.")
    var container: String?

    func validate() throws {
        if let container, let problem = directoryProblem(container) { throw ValidationError("--container \(container): \(problem)") }
    }

    func run() throws {
        try reportingFailure(tool: toolName) {
            let decoded = try readPayload(payload)
            let view = ActivityExtension(container: container.map(SharedContainer.directory) ?? .inMemory())
            let layout: Layout
            do {
                layout = try view.layout(decoded.payload, on: surface)
            } catch {
                // Only a --container directory holds a flags file.
                throw ToolError("\(((container ?? "") as NSString).appendingPathComponent(SharedContainer.flagsFile)): \(error)")
            }
            for line in view.draw(layout, of: decoded.payload) { print(line) }
            if !layout.omitted.isEmpty {
                print("not shown: " + layout.omitted.map { "\($0.rawValue) (\($0.priority))" }.joined(separator: ", "))
            }
            for ignored in decoded.ignored { print("ignored: \(ignored)") }
        }
    }
}
