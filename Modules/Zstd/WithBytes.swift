import Foundation

/// `ContiguousBytes.withUnsafeBytes` keeping `ZstdError` as the thrown type
/// (the Foundation method only `rethrows`, which erases it to `any Error`).
func withBytes<R>(
    _ value: some ContiguousBytes,
    _ body: (UnsafeRawBufferPointer) throws(ZstdError) -> R
) throws(ZstdError) -> R {
    try value.withUnsafeBytes { bytes in
        Result { () throws(ZstdError) in try body(bytes) }
    }.get()
}
