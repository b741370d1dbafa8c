import ArgumentParser
import Foundation

/// Prints one line on stderr.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("actioncards: \(message)\n".utf8))
}

/// Runs `body`; any error becomes one line on stderr and exit status 1 (no stack trace).
func reportingFailure<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        printError("\(error)")
        throw ExitCode.failure
    }
}

/// A failure of the tool's input, already worded for the user.
struct ToolError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
