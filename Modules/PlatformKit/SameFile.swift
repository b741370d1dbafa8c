import Foundation

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
