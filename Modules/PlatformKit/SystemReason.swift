import Foundation

/// The system's reason for a failed file operation, e.g. "No space left on device": the text of
/// the POSIX error under a Foundation error (or of the one its code stands for), else the error's
/// own description.
public func systemReason(of error: any Error) -> String {
    let error = error as NSError
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return systemReason(code: Int32(underlying.code))
    }
    if error.domain == NSCocoaErrorDomain, let code = posixCodes[error.code] { return systemReason(code: code) }
    return error.localizedDescription
}

/// The C library's text for the POSIX error `code` (such as `errno`), e.g. "No space left on device".
public func systemReason(code: Int32) -> String {
    String(cString: strerror(code))
}

/// The POSIX errors behind Foundation's codes for failed file writes and reads.
private let posixCodes: [Int: Int32] = [
    CocoaError.fileWriteOutOfSpace.rawValue: ENOSPC, CocoaError.fileWriteNoPermission.rawValue: EACCES,
    CocoaError.fileWriteVolumeReadOnly.rawValue: EROFS, CocoaError.fileNoSuchFile.rawValue: ENOENT,
    CocoaError.fileReadNoPermission.rawValue: EACCES, CocoaError.fileReadNoSuchFile.rawValue: ENOENT,
]
