import ArgumentParser
import CommandLineSupport
import OutOfAppDSL

/// `ooa validate PAYLOAD.json`: size, unknown elements and tags, missing P0 content.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check a payload: size against the 4 KB limit, unknown elements and tags, P0 content.")

    @Argument(help: "The payload (JSON).")
    var payload: String

    @Option(parsing: .unconditional, help: "The size limit in bytes (ActivityKit's content state: 4096).")
    var limit = PayloadEncoder.activityKitLimit

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let validation = try reportingFailure(tool: toolName) { Validation(try readPayload(payload), limit: limit) }
        print("size: \(validation.size) bytes (limit \(validation.limit))")
        for ignored in validation.ignored { print("ignored: \(ignored)") }
        if !validation.trimmed.isEmpty {
            print("over the limit: trimming by priority drops " + validation.trimmed.map(\.rawValue).joined(separator: ", "))
        }
        guard validation.isValid else {
            for error in validation.errors { printError(tool: toolName, "\(payload): \(error)") }
            throw ExitCode.failure
        }
        print("ok")
    }
}
