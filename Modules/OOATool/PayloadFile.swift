import CommandLineSupport
import Foundation
import OutOfAppDSL

/// A payload read from a JSON file; errors name the file and the JSON path.
func readPayload(_ path: String) throws -> PayloadDecoder.Result {
    do {
        return try PayloadDecoder.decode(Array(try readFile(path)))
    } catch let error as PayloadError {
        throw ToolError("\(path): \(error)")
    }
}
