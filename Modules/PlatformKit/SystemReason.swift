import Foundation

/// The system's reason for a failed file operation, e.g. "No space left on device": the text of
/// the POSIX error under a Foundation error, or else the error's own description.
public func systemReason(of error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    guard let underlying, underlying.domain == NSPOSIXErrorDomain else { return error.localizedDescription }
    return String(cString: strerror(Int32(underlying.code)))
}
