#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif
import Foundation
import PlatformKit

/// Opens `path` for writing, created if missing and emptied if not. The file is written in place:
/// whatever the path names (a device such as `/dev/null`, a link) stays what it is, which a
/// `FileManager.createFile` would replace with a new file.
public func openForWriting(_ path: String) throws(ToolError) -> FileHandle {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw ToolError("\(path): cannot create the file (\(systemReason(code: errno)))") }
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
}

/// Writes `data` to `handle`; a failed write (a full disk, a closed pipe) is a ``ToolError``
/// naming `name` and the system's reason in one line.
public func write(_ data: Data, to handle: FileHandle, named name: String) throws(ToolError) {
    do {
        try handle.write(contentsOf: data)
    } catch {
        throw ToolError("\(name): cannot write (\(systemReason(of: error)))")
    }
}

/// Flushes what `print` buffered for stdout; a write to it that failed (a full disk) is a
/// ``ToolError``, so the command does not end with status 0 having lost its output.
func flushStandardOutput() throws(ToolError) {
    let flushed = fflush(stdout) == 0
    let reason = flushed ? nil : systemReason(code: errno)
    guard flushed, ferror(stdout) == 0 else { throw ToolError("standard output: cannot write (\(reason ?? "a write failed"))") }
}
