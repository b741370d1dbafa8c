import CZstd

/// Compresses many small inputs (e.g. event payloads) against one dictionary, each into a
/// compact frame: no magic number, no checksum and no dictionary id, only the content size.
/// Whoever stores a frame records which dictionary it needs; read it back with
/// ``ZstdCompactDecompressor``.
///
/// Not `Sendable`: it owns a mutable libzstd context. Use it from one thread at a time.
public final class ZstdCompactCompressor {
    private let dictionary: OpaquePointer
    private let context: OpaquePointer

    /// Prepares `dictionary` for compression at `level` (`Zstd.minLevel...Zstd.maxLevel`).
    ///
    /// - Throws: `.invalidLevel` for a level out of range, `.library` if libzstd fails.
    public init(dictionary: ZstdDictionary, level: Int = Zstd.defaultLevel) throws(ZstdError) {
        guard (Zstd.minLevel...Zstd.maxLevel).contains(level) else { throw .invalidLevel(level) }
        guard let prepared = dictionary.bytes.withUnsafeBytes({ ZSTD_createCDict($0.baseAddress, $0.count, Int32(level)) }) else {
            throw ZstdError(.library(64), "could not prepare the dictionary for compression")
        }
        guard let context = ZSTD_createCCtx() else {
            ZSTD_freeCDict(prepared)
            throw ZstdError(.library(64), "could not allocate a compression context")
        }
        self.dictionary = prepared
        self.context = context
        do throws(ZstdError) {
            try ZstdError.check(ZSTD_CCtx_refCDict(context, prepared))
            try ZstdError.check(ZSTD_CCtx_setParameter(context, ZSTD_c_experimentalParam2 /* ZSTD_c_format */, Int32(ZSTD_f_zstd1_magicless.rawValue)))
            try ZstdError.check(ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 0))
            try ZstdError.check(ZSTD_CCtx_setParameter(context, ZSTD_c_dictIDFlag, 0))
        } catch {
            ZSTD_freeCCtx(context)
            ZSTD_freeCDict(prepared)
            throw error
        }
    }

    deinit {
        ZSTD_freeCCtx(context)
        ZSTD_freeCDict(dictionary)
    }

    /// The most bytes a frame of `size` input bytes can take: room enough for ``compress(_:into:)``.
    public static func bound(_ size: Int) -> Int {
        ZSTD_compressBound(size)
    }

    /// Compresses `input` into `output` (at least `bound(input.count)` bytes); returns the frame's length.
    public func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(ZstdError) -> Int {
        try ZstdError.check(ZSTD_compress2(context, output.baseAddress, output.count, input.baseAddress, input.count))
    }
}
