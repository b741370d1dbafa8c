import CommandLineSupport
import Foundation
import OutOfAppDSL

/// A payload read from a JSON file; errors name the file and the JSON path.
func readPayload(_ path: String) throws -> PayloadDecoder.Result {
    do {
        return try PayloadDecoder.decode(try readFile(path))
    } catch let error as PayloadError {
        throw ToolError("\(path): \(error)")
    }
}

/// The file's bytes, or an error naming it.
func readFile(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw ToolError("\(path): cannot read the file")
    }
    return Array(data)
}
