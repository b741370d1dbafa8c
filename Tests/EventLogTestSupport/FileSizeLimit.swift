#if canImport(Glibc)
import Glibc

private let fileSize = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
#elseif canImport(Darwin)
import Darwin

private let fileSize = RLIMIT_FSIZE
#endif

/// Runs `body` with this process's files limited to `bytes` (`RLIMIT_FSIZE`) and SIGXFSZ ignored:
/// a write that reaches past the limit stops there, as on a disk that fills up (a short write,
/// then "File too large"), with no root and no file system to mount. Writes past the limit fail
/// in every thread: `body` runs alone, and prints nothing.
public func withFileSizeLimit<T>(_ bytes: Int, _ body: () throws -> T) rethrows -> T {
    var saved = rlimit()
    getrlimit(fileSize, &saved)
    let handler = signal(SIGXFSZ, SIG_IGN)
    var limited = saved
    limited.rlim_cur = rlim_t(bytes)
    setrlimit(fileSize, &limited)
    defer {
        setrlimit(fileSize, &saved)
        signal(SIGXFSZ, handler)
    }
    return try body()
}
