import Foundation

/// The bytes of the file at `path`, or a ``ToolError`` naming it.
public func readFile(_ path: String) throws(ToolError) -> Data {
    guard let data = FileManager.default.contents(atPath: path) else { throw ToolError("\(path): cannot read the file") }
    return data
}

/// The text of the file at `path`; otherwise a ``ToolError`` naming the file and what is wrong
/// with it, in one line: missing, a directory, unreadable, or not UTF-8 text.
public func readTextFile(_ path: String) throws(ToolError) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw ToolError("\(path): no such file") }
    guard !isDirectory.boolValue else { throw ToolError("\(path): is a directory, not a file") }
    guard let text = String(data: try readFile(path), encoding: .utf8) else { throw ToolError("\(path): not UTF-8 text") }
    return text
}
