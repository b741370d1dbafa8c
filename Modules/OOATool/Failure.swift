import ArgumentParser
import Foundation

/// Bad input, named by file and line or JSON path.
struct InputError: Error, CustomStringConvertible {
    var description: String
}

/// Prints one line on stderr.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("ooa: \(message)\n".utf8))
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

/// The file's bytes, or an error naming it.
func readFile(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw InputError(description: "\(path): cannot read the file")
    }
    return Array(data)
}
