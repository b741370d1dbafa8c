import CZstd

/// Decompresses zstd frames that arrive in chunks straight into one buffer the caller owns and
/// sized beforehand (a snapshot's recorded size): libzstd decodes in place, with no window of
/// its own to copy out of, and the compressed input is never held whole.
///
/// Feed chunks to `decompress(_:)`, then call `finish()`, which checks that the input ended at
/// the end of a frame and returns the bytes written. Output that would pass the end of the
/// buffer is refused. If a call throws, every later call throws the same error.
///
/// Not `Sendable`: it owns a mutable libzstd context and writes into `output`, which must stay
/// allocated, and untouched by the caller, until `finish()`.
public final class ZstdBufferDecompressor {
    private let context: OpaquePointer
    private var output: ZSTD_outBuffer
    private var consumed = 0
    /// Whether the input so far ends exactly at the end of a frame.
    private var atFrameBoundary = true
    private var failure = StickyFailure()

    /// A decompressor writing into `output`. Without `verifyingChecksum`, frames' content
    /// checksums are not computed (for a caller that checks the bytes otherwise).
    public init(into output: UnsafeMutableRawBufferPointer, verifyingChecksum: Bool = true) throws(ZstdError) {
        guard let context = ZSTD_createDCtx() else {
            throw ZstdError(.library(64), "could not allocate a decompression context")
        }
        self.context = context
        self.output = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        var settings = [(CZstd_d_stableOutBuffer, Int32(1))]
        if !verifyingChecksum { settings.append((CZstd_d_forceIgnoreChecksum, Int32(ZSTD_d_ignoreChecksum.rawValue))) }
        for (parameter, value) in settings {
            let set = ZSTD_DCtx_setParameter(context, parameter, value)
            if ZstdError.isError(set) { throw .library(set) }
        }
    }

    deinit {
        ZSTD_freeDCtx(context)
    }

    /// Decompresses `chunk` into the buffer, after the bytes already written.
    ///
    /// - Throws: `.sizeLimitExceeded` past the end of the buffer, `.library` for corrupt input.
    public func decompress(_ chunk: UnsafeRawBufferPointer) throws(ZstdError) {
        try failure.run { () throws(ZstdError) in
            guard !chunk.isEmpty else { return }
            consumed += chunk.count
            var input = ZSTD_inBuffer(src: chunk.baseAddress, size: chunk.count, pos: 0)
            while input.pos < input.size {
                if atFrameBoundary {
                    let declared = ZSTD_getFrameContentSize(chunk.baseAddress! + input.pos, chunk.count - input.pos)
                    if declared < ZstdDecompressor.contentSizeError, declared > UInt64(output.size - output.pos) {
                        throw .sizeLimitExceeded(declared: declared, limit: output.size)
                    }
                }
                let (written, read) = (output.pos, input.pos)
                let hint = ZSTD_decompressStream(context, &output, &input)
                if ZstdError.isError(hint) {
                    let error = ZstdError.library(hint)
                    throw error.code == .library(Self.dstSizeTooSmall) ? .sizeLimitExceeded(limit: output.size) : error
                }
                atFrameBoundary = hint == 0  // 0: a frame is completely decoded and flushed
                // No progress with input left: the frames hold more than the buffer's room.
                if output.pos == written, input.pos == read { throw .sizeLimitExceeded(limit: output.size) }
            }
        }
    }

    /// Checks that the input fed is one or more complete frames; returns the bytes written.
    ///
    /// - Throws: `.truncatedFrame` if no input was fed or the last frame is incomplete.
    public func finish() throws(ZstdError) -> Int {
        try failure.run { () throws(ZstdError) in
            if consumed == 0 { throw ZstdError(.truncatedFrame, "input is empty, expected a zstd frame") }
            if !atFrameBoundary { throw ZstdError(.truncatedFrame, "input ends in the middle of a frame (truncated)") }
            return output.pos
        }
    }

    /// libzstd's `ZSTD_error_dstSize_tooSmall` (stable value from zstd_errors.h): the frame holds
    /// more than the buffer's room.
    private static let dstSizeTooSmall = 70
}
