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

/// Whether `a` and `b` name the same file: the same device and inode when both exist, else the
/// same absolute path with `.`, `..` and links resolved (a file yet to be made has no inode).
public func isSameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    if stat(a, &first) == 0, stat(b, &second) == 0 {
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
    func resolved(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
    return resolved(a) == resolved(b)
}

/// Whether writing to `path` would overwrite the SQLite file `database` or the journal files
/// SQLite keeps beside it (`-wal`, `-shm`).
public func overwritesDatabase(_ path: String, _ database: String) -> Bool {
    ["", "-wal", "-shm"].contains { isSameFile(path, database + $0) }
}
