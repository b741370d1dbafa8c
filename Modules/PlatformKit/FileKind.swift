import Foundation

/// What is at a path: the one check behind every loader's "no such file" and "is a directory".
public enum FileKind: Sendable, Equatable {
    case missing
    case directory
    /// A file (or anything else that is not a directory).
    case file

    public init(atPath path: String) {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            self = .missing
        } else {
            self = isDirectory.boolValue ? .directory : .file
        }
    }
}
