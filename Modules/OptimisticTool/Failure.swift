import ArgumentParser
import Foundation

/// Runs `body`; any error becomes one line on stderr and exit status 1 (no stack trace).
func reportingFailure<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        FileHandle.standardError.write(Data("optimistic: \(error)\n".utf8))
        throw ExitCode.failure
    }
}

/// A failure with its message as it should be printed.
struct ToolError: Error, CustomStringConvertible {
    var description: String
}

/// One JSON line, keys sorted.
func jsonLine(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}
