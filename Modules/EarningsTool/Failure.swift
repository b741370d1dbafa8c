import ArgumentParser
import Foundation

/// A bad input: printed as one line on stderr, exit status 1.
struct InputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Prints one line on stderr.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("earnings: \(message)\n".utf8))
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
