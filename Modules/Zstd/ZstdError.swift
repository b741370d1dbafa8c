import CZstd

/// An error from compressing, decompressing or training a dictionary.
///
/// `code` says what kind of failure it is; `message` says what happened, and carries
/// libzstd's own text (from `ZSTD_getErrorName`) when the error comes from libzstd.
public struct ZstdError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of failure this is.
    public let code: Code
    /// A human-readable explanation, e.g. `Unknown frame descriptor`.
    public let message: String

    /// Creates an error of the given kind.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// One line, e.g. `zstd: frame expands past the 1048576-byte limit`.
    public var description: String { "zstd: \(message)" }
}

// MARK: - Internal construction

extension ZstdError {
    /// libzstd's `ZSTD_error_dictionary_wrong` (stable value from zstd_errors.h).
    static let dictionaryWrongCode = 32

    /// Whether a libzstd `size_t` result is an error code.
    static func isError(_ result: Int) -> Bool {
        ZSTD_isError(result) != 0
    }

    /// The error for a libzstd `size_t` result that `isError` reported.
    static func library(_ result: Int) -> ZstdError {
        // libzstd encodes error `n` as `(size_t)-n`; this is what ZSTD_getErrorCode does.
        let code = Int(bitPattern: 0 &- UInt(bitPattern: result))
        return ZstdError(.library(code), String(cString: ZSTD_getErrorName(result)))
    }

    /// Returns `result` unchanged, or throws if it is a libzstd error code.
    @discardableResult
    static func check(_ result: Int) throws(ZstdError) -> Int {
        if isError(result) { throw library(result) }
        return result
    }

    /// The error for a level outside `Zstd.minLevel...Zstd.maxLevel`.
    static func invalidLevel(_ level: Int) -> ZstdError {
        ZstdError(.invalidLevel, "compression level \(level) is outside \(Zstd.minLevel)...\(Zstd.maxLevel)")
    }

    /// The error for output that would grow past the caller's cap.
    static func sizeLimitExceeded(limit: Int) -> ZstdError {
        ZstdError(.sizeLimitExceeded, "frame expands past the \(limit)-byte limit")
    }

    /// The error for a frame header that declares more content than the caller's cap allows.
    static func sizeLimitExceeded(declared: UInt64, limit: Int) -> ZstdError {
        ZstdError(.sizeLimitExceeded, "frame declares \(declared) bytes, past the \(limit)-byte limit")
    }
}
