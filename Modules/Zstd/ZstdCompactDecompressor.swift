import CZstd

/// A dictionary prepared for decompressing compact frames; immutable, so one serves every thread.
public final class ZstdDecompressionDictionary: @unchecked Sendable {
    fileprivate let prepared: OpaquePointer

    /// Prepares `dictionary` (the bytes the frames were compressed against).
    public init(_ dictionary: ZstdDictionary) throws(ZstdError) {
        guard let prepared = dictionary.bytes.withUnsafeBytes({ ZSTD_createDDict($0.baseAddress, $0.count) }) else {
            throw ZstdError(.library(64), "could not prepare the dictionary for decompression")
        }
        self.prepared = prepared
    }

    deinit {
        ZSTD_freeDDict(prepared)
    }
}

/// Decompresses the compact frames of ``ZstdCompactCompressor``.
///
/// Not `Sendable`: it owns a mutable libzstd context. Use it from one thread at a time.
public final class ZstdCompactDecompressor {
    private let context: OpaquePointer
    /// The dictionary the context refers to (kept alive while it does).
    private var dictionary: ZstdDecompressionDictionary?

    public init() throws(ZstdError) {
        guard let context = ZSTD_createDCtx() else {
            throw ZstdError(.library(64), "could not allocate a decompression context")
        }
        self.context = context
        do throws(ZstdError) {
            try ZstdError.check(ZSTD_DCtx_setParameter(context, ZSTD_d_experimentalParam1 /* ZSTD_d_format */, Int32(ZSTD_f_zstd1_magicless.rawValue)))
        } catch {
            ZSTD_freeDCtx(context)
            throw error
        }
    }

    deinit {
        ZSTD_freeDCtx(context)
    }

    /// The content of `frame`, compressed against `dictionary`; at most `maxSize` bytes.
    ///
    /// - Throws: `.sizeLimitExceeded` when the frame declares more than `maxSize` bytes,
    ///   `.truncatedFrame` for a cut-off header, `.library` for corrupt input or the wrong dictionary.
    public func decompress(_ frame: UnsafeRawBufferPointer, dictionary: ZstdDecompressionDictionary, maxSize: Int) throws(ZstdError) -> [UInt8] {
        if self.dictionary !== dictionary {
            try ZstdError.check(ZSTD_DCtx_refDDict(context, dictionary.prepared))
            self.dictionary = dictionary
        }
        var header = ZSTD_frameHeader()
        let missing = ZSTD_getFrameHeader_advanced(&header, frame.baseAddress, frame.count, ZSTD_f_zstd1_magicless)
        if ZstdError.isError(missing) { throw ZstdError.library(missing) }
        guard missing == 0 else { throw ZstdError(.truncatedFrame, "the frame's header is cut off") }
        guard header.frameContentSize <= UInt64(maxSize) else {
            throw ZstdError.sizeLimitExceeded(declared: header.frameContentSize, limit: maxSize)
        }
        let size = Int(header.frameContentSize)
        var failure: ZstdError?
        let content = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            let result = ZSTD_decompressDCtx(context, buffer.baseAddress, size, frame.baseAddress, frame.count)
            if ZstdError.isError(result) {
                failure = ZstdError.library(result)
            } else if result != size {
                failure = ZstdError(.truncatedFrame, "the frame holds \(result) bytes, not the \(size) it declares")
            } else {
                count = size
            }
        }
        if let failure { throw failure }
        return content
    }
}
