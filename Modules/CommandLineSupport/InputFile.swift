import Foundation
import PlatformKit

/// The bytes of the file at `path`; otherwise a ``ToolError`` naming the file and what is wrong
/// with it, in one line: missing, a directory, or unreadable.
public func readFile(_ path: String) throws(ToolError) -> Data {
    switch contents(ofFile: path) {
    case .success(let data): return data
    case .failure(let problem): throw ToolError("\(path): \(problem)")
    }
}

/// The text of the file at `path`; otherwise a ``ToolError`` naming the file and what is wrong
/// with it, in one line: missing, a directory, unreadable, or not UTF-8 text.
public func readTextFile(_ path: String) throws(ToolError) -> String {
    guard let text = String(data: try readFile(path), encoding: .utf8) else { throw ToolError("\(path): not UTF-8 text") }
    return text
}
