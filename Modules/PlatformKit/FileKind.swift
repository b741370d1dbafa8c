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

/// Why there is nothing to read at `path` (after `FileKind` found it `.missing`, or a file did not
/// open): "no such file", or what stops the system reaching it ("cannot open (Permission denied)",
/// "(Too many levels of symbolic links)").
public func missingFileReason(_ path: String) -> String {
    if access(path, R_OK) == 0 { return "cannot read the file" }
    let code = errno
    return code == ENOENT ? "no such file" : "cannot open (\(systemReason(code: code)))"
}

/// Whether `path` is a device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO), or this process's
/// standard output or error (`/dev/stdout` redirected to a file): somewhere to write to, not a
/// file to make others beside.
public func isDeviceOrPipe(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    return type == S_IFCHR || type == S_IFIFO || type == S_IFBLK || type == S_IFSOCK || standardStream(at: path) != nil
}

/// `STDOUT_FILENO` or `STDERR_FILENO` when `path` is the file this process's standard output or
/// error writes to (`/dev/stdout` when the shell redirected it to a file, say): written through
/// that descriptor, a write goes after what the process printed, where opening the path again
/// would write over it.
public func standardStream(at path: String) -> Int32? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return [STDOUT_FILENO, STDERR_FILENO].first { descriptor in
        var stream = stat()
        return fstat(descriptor, &stream) == 0 && stream.st_dev == status.st_dev && stream.st_ino == status.st_ino
    }
}

/// What stops reading a file, in a few words: "no such file", "is a directory, not a flow file",
/// "cannot read the file". The caller names the file.
public struct FileProblem: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// The bytes of the file at `path`, or what stops reading them; a directory is "not a `what`".
public func contents(ofFile path: String, what: String = "file") -> Result<Data, FileProblem> {
    switch FileKind(atPath: path) {
    case .missing: return .failure(FileProblem(description: missingFileReason(path)))
    case .directory: return .failure(FileProblem(description: "is a directory, not a \(what)"))
    case .file: return FileManager.default.contents(atPath: path).map { .success($0) } ?? .failure(FileProblem(description: missingFileReason(path)))
    }
}

/// What stops listing `path` as a directory ("no such directory", "not a directory"), or nil.
public func directoryProblem(_ path: String) -> String? {
    switch FileKind(atPath: path) {
    case .directory: nil
    case .missing: "no such directory"
    case .file: "not a directory"
    }
}
