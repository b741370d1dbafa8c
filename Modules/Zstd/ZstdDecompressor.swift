import CZstd
import Foundation

/// Decompresses zstd frames that arrive in chunks, producing at most `maxSize` bytes in total.
///
/// Feed chunks to `decompress(_:)`, then call `finish()` to check that the input ended at the
/// end of a frame. Concatenated frames are accepted. A frame whose header declares more than the
/// remaining allowance is refused up front (when the header arrives whole in one chunk); in any
/// case output is refused as soon as it would pass `maxSize`. If a call throws, the decompressor
/// is unusable and every later call throws the same error.
///
/// Not `Sendable`: it owns a mutable libzstd context. Use it from one task at a time.
public final class ZstdDecompressor {
    /// The most bytes this decompressor will produce over its lifetime.
    public let maxSize: Int

    private let context: OpaquePointer
    private let scratch: UnsafeMutableRawBufferPointer
    private let dictionaryID: UInt32?
    /// Bytes produced so far.
    private var produced = 0
    /// Bytes of input fed so far.
    private var consumed = 0
    /// Whether the input so far ends exactly at the end of a frame.
    private var atFrameBoundary = true
    /// The dictionary ID the current frame's header asks for (0: none or unknown).
    private var frameDictionaryID: UInt32 = 0
    private var failure = StickyFailure()

    /// Creates a decompressor that produces at most `maxSize` bytes, optionally with a dictionary.
    /// Without `verifyingChecksum`, a frame's content checksum is not computed: for a caller that
    /// checks the bytes otherwise (a snapshot's SHA-256), it would be the same work twice.
    ///
    /// - Throws: `.invalidArgument` for a negative `maxSize`, `.library` if libzstd refuses the dictionary.
    public init(maxSize: Int, dictionary: ZstdDictionary? = nil, verifyingChecksum: Bool = true) throws(ZstdError) {
        guard maxSize >= 0 else {
            throw ZstdError(.invalidArgument, "maxSize must not be negative (got \(maxSize))")
        }
        self.maxSize = maxSize
        self.dictionaryID = dictionary?.id
        self.context = try Self.makeContext(dictionary: dictionary)
        self.scratch = .allocate(byteCount: ZSTD_DStreamOutSize(), alignment: 1)
        if !verifyingChecksum {
            let set = ZSTD_DCtx_setParameter(context, CZstd_d_forceIgnoreChecksum, Int32(ZSTD_d_ignoreChecksum.rawValue))
            if ZstdError.isError(set) { throw .library(set) }
        }
    }

    /// A decompression context with the dictionary loaded; freed on failure.
    private static func makeContext(dictionary: ZstdDictionary?) throws(ZstdError) -> OpaquePointer {
        guard let context = ZSTD_createDCtx() else {
            throw ZstdError(.library(64), "could not allocate a decompression context")
        }
        guard let dictionary else { return context }
        let loaded = dictionary.bytes.withUnsafeBytes { bytes in
            ZSTD_DCtx_loadDictionary(context, bytes.baseAddress, bytes.count)
        }
        if ZstdError.isError(loaded) {
            ZSTD_freeDCtx(context)
            throw .library(loaded)
        }
        return context
    }

    deinit {
        ZSTD_freeDCtx(context)
        scratch.deallocate()
    }

    /// Decompresses `chunk` and returns the bytes it completes (possibly none).
    ///
    /// - Throws: `.sizeLimitExceeded` past `maxSize`, `.library` for corrupt input or a dictionary mismatch.
    public func decompress(_ chunk: some ContiguousBytes) throws(ZstdError) -> [UInt8] {
        try failure.run { () throws(ZstdError) in
            try withBytes(chunk) { (source) throws(ZstdError) in try stream(source) }
        }
    }

    /// Checks that the input fed so far is one or more complete frames.
    ///
    /// - Throws: `.truncatedFrame` if no input was fed or the last frame is incomplete.
    public func finish() throws(ZstdError) {
        try failure.run { () throws(ZstdError) in
            if consumed == 0 {
                throw ZstdError(.truncatedFrame, "input is empty, expected a zstd frame")
            }
            if !atFrameBoundary {
                throw ZstdError(.truncatedFrame, "input ends in the middle of a frame (truncated)")
            }
        }
    }

    /// Decompresses a complete input: straight into an exactly sized array when it is a single
    /// frame that declares its size, by streaming otherwise.
    func decompressAll(_ source: UnsafeRawBufferPointer) throws(ZstdError) -> [UInt8] {
        let output = try failure.run { () throws(ZstdError) in
            if let size = try declaredSizeOfSingleFrame(source) {
                return try decompressFrame(source, size: size)
            }
            return try stream(source)
        }
        try finish()
        return output
    }

    /// The content size `source` declares, if it is exactly one frame with a known size.
    /// Throws if that size passes `maxSize`.
    private func declaredSizeOfSingleFrame(_ source: UnsafeRawBufferPointer) throws(ZstdError) -> Int? {
        guard let base = source.baseAddress, ZSTD_findFrameCompressedSize(base, source.count) == source.count else {
            return nil
        }
        return try checkDeclaredSize(UnsafeRawBufferPointer(start: base, count: source.count))
    }

    /// The content size declared by the frame header at the start of `source`, if known.
    /// Throws if it would take the output past `maxSize`, before anything is allocated.
    @discardableResult
    private func checkDeclaredSize(_ source: UnsafeRawBufferPointer) throws(ZstdError) -> Int? {
        let declared = ZSTD_getFrameContentSize(source.baseAddress, source.count)
        guard declared < Self.contentSizeError else { return nil }  // unknown, or header incomplete
        guard declared <= UInt64(maxSize - produced) else {
            throw ZstdError.sizeLimitExceeded(declared: declared, limit: maxSize)
        }
        return Int(declared)
    }

    /// Decompresses a single frame of known `size` in one call (`ZSTD_decompressDCtx`).
    private func decompressFrame(_ source: UnsafeRawBufferPointer, size: Int) throws(ZstdError) -> [UInt8] {
        frameDictionaryID = UInt32(ZSTD_getDictID_fromFrame(source.baseAddress, source.count))
        var result = 0
        let output = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            result = ZSTD_decompressDCtx(context, buffer.baseAddress, size, source.baseAddress, source.count)
            count = ZstdError.isError(result) ? 0 : result
        }
        if ZstdError.isError(result) { throw libraryError(result) }
        consumed += source.count
        produced += output.count
        return output
    }

    /// Feeds `source` through `ZSTD_decompressStream`, enforcing `maxSize` on every step.
    private func stream(_ source: UnsafeRawBufferPointer) throws(ZstdError) -> [UInt8] {
        guard !source.isEmpty else { return [] }
        consumed += source.count
        var input = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
        var result: [UInt8] = []
        while true {
            if atFrameBoundary && input.pos < input.size {
                let header = UnsafeRawBufferPointer(rebasing: source[input.pos...])
                frameDictionaryID = UInt32(ZSTD_getDictID_fromFrame(header.baseAddress, header.count))
                try checkDeclaredSize(header)
            }
            var output = ZSTD_outBuffer(dst: scratch.baseAddress, size: scratch.count, pos: 0)
            let hint = ZSTD_decompressStream(context, &output, &input)
            if ZstdError.isError(hint) { throw libraryError(hint) }
            guard output.pos <= maxSize - produced else { throw .sizeLimitExceeded(limit: maxSize) }
            produced += output.pos
            result.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<output.pos]))
            atFrameBoundary = hint == 0  // 0: a frame is completely decoded and flushed
            if input.pos == input.size && (hint == 0 || output.pos < output.size) { return result }
        }
    }

    /// A libzstd error, with a note on which dictionary the frame needs when it is a mismatch.
    private func libraryError(_ result: Int) -> ZstdError {
        let error = ZstdError.library(result)
        guard error.code == .library(ZstdError.dictionaryWrongCode) else { return error }
        let needed = frameDictionaryID == 0 ? "a dictionary" : "dictionary \(frameDictionaryID)"
        let given = dictionaryID.map { "dictionary \($0) was given" } ?? "none was given"
        return ZstdError(error.code, "\(error.message): the frame needs \(needed), \(given)")
    }

    /// `ZSTD_CONTENTSIZE_ERROR`; `ZSTD_CONTENTSIZE_UNKNOWN` is the one value above it.
    static let contentSizeError = UInt64.max - 1
}
