import Foundation
import PlatformKit

/// The bytes of the file at `path`; otherwise a ``ToolError`` naming the file and what is wrong
/// with it, in one line: missing, a directory, or unreadable.
public func readFile(_ path: String) throws(ToolError) -> Data {
    switch FileKind(atPath: path) {
    case .missing: throw ToolError("\(path): no such file")
    case .directory: throw ToolError("\(path): is a directory, not a file")
    case .file:
        guard let data = FileManager.default.contents(atPath: path) else { throw ToolError("\(path): cannot read the file") }
        return data
    }
}

/// The text of the file at `path`; otherwise a ``ToolError`` naming the file and what is wrong
/// with it, in one line: missing, a directory, unreadable, or not UTF-8 text.
public func readTextFile(_ path: String) throws(ToolError) -> String {
    guard let text = String(data: try readFile(path), encoding: .utf8) else { throw ToolError("\(path): not UTF-8 text") }
    return text
}
