import ArgumentParser
import Foundation

/// Prints `<tool>: message` as one line on stderr.
public func printError(tool: String, _ message: String) {
    writeToStandardError("\(tool): \(message)\n")
}

/// Writes `text` to stderr as it is. A write that fails (stderr redirected to a full disk, a
/// closed pipe) is dropped instead of trapping, as `FileHandle.write(_:)` does: the exit status
/// still tells.
public func writeToStandardError(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
}

/// Runs `body`; any error becomes one line `<tool>: error` on stderr and exit status 1 (no stack trace).
///
/// An `ExitCode` passes through unchanged, so a body can choose its own status.
public func reportingFailure<T>(tool: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        printError(tool: tool, "\(error)")
        throw ExitCode.failure
    }
}

/// A failure of the tool's input, already worded for the user: printed as is.
public struct ToolError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

extension ParsableCommand {
    /// Parses `arguments` (default: the process's) as the root command and runs it.
    ///
    /// Help and `--version` print as usual with exit status 0. A missing subcommand, a usage or validation error, an
    /// error escaping `run()`, or output that could not be written (stdout on a full disk) is one
    /// line `<commandName>: message` on stderr and exit status 1; an `ExitCode` thrown by `run()`
    /// exits with that status.
    public static func runMain(_ arguments: [String]? = nil) {
        do {
            var command = try parseAsRoot(arguments)
            try refuseMissingSubcommand(of: command)
            try command.run()
            try flushStandardOutput()
        } catch {
            exit(reporting: error)
        }
    }

    /// The parsed command is a group of subcommands, none of them the default (`ooa`, `onboarding
    /// flows` without one): one line naming them, where argument-parser would print the whole
    /// help with exit status 0.
    static func refuseMissingSubcommand(of command: any ParsableCommand) throws {
        let configuration = type(of: command).configuration
        guard configuration.defaultSubcommand == nil, !configuration.subcommands.isEmpty else { return }
        let names = configuration.subcommands.map { $0._commandName }
        let group = ObjectIdentifier(type(of: command)) == ObjectIdentifier(Self.self) ? "" : " of \(type(of: command)._commandName)"
        throw ToolError("missing subcommand\(group): one of \(names.joined(separator: ", ")) (see --help)")
    }

    /// Exits for `error` as ``runMain(_:)`` describes.
    static func exit(reporting error: any Error) -> Never {
        guard exitCode(for: error) != .success, !(error is ExitCode) else { exit(withError: error) }
        let firstLine = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
        printError(tool: configuration.commandName ?? _commandName, firstLine)
        exit(withError: ExitCode.failure)
    }
}

extension AsyncParsableCommand {
    /// ``ParsableCommand/runMain(_:)`` for a root command with async subcommands.
    public static func runMain(_ arguments: [String]? = nil) async {
        do {
            var command = try parseAsRoot(arguments)
            try refuseMissingSubcommand(of: command)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            try flushStandardOutput()
        } catch {
            exit(reporting: error)
        }
    }
}
