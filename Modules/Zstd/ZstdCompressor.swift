import CZstd
import Foundation

/// Compresses data that arrives in chunks into a zstd frame with a content checksum.
///
/// Feed chunks to `compress(_:)`, then call `finish()` to end the frame; concatenating every
/// returned array gives the frame. The frame does not record its content size. After `finish()`
/// the next `compress(_:)` starts a new frame. If a call throws, the compressor is unusable and
/// every later call throws the same error.
///
/// Not `Sendable`: it owns a mutable libzstd context. Use it from one task at a time.
public final class ZstdCompressor {
    private let context: OpaquePointer
    private let scratch: UnsafeMutableRawBufferPointer
    private var failure: ZstdError?

    /// Creates a compressor at `level` (`Zstd.minLevel...Zstd.maxLevel`), optionally with a dictionary.
    ///
    /// - Throws: `.invalidLevel` for a level out of range, `.library` if libzstd refuses the dictionary.
    public init(level: Int = Zstd.defaultLevel, dictionary: ZstdDictionary? = nil) throws(ZstdError) {
        guard (Zstd.minLevel...Zstd.maxLevel).contains(level) else { throw .invalidLevel(level) }
        self.context = try Self.makeContext(level: level, dictionary: dictionary)
        self.scratch = .allocate(byteCount: ZSTD_CStreamOutSize(), alignment: 1)
    }

    /// A compression context with the level, the checksum flag and the dictionary set; freed on failure.
    private static func makeContext(level: Int, dictionary: ZstdDictionary?) throws(ZstdError) -> OpaquePointer {
        guard let context = ZSTD_createCCtx() else {
            throw ZstdError(.library(64), "could not allocate a compression context")
        }
        do {
            try ZstdError.check(ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, Int32(level)))
            try ZstdError.check(ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1))
            if let dictionary {
                try ZstdError.check(dictionary.bytes.withUnsafeBytes { bytes in
                    ZSTD_CCtx_loadDictionary(context, bytes.baseAddress, bytes.count)
                })
            }
            return context
        } catch {
            ZSTD_freeCCtx(context)
            throw error
        }
    }

    deinit {
        ZSTD_freeCCtx(context)
        scratch.deallocate()
    }

    /// Compresses `chunk` and returns whatever compressed bytes are ready (often none).
    public func compress(_ chunk: some ContiguousBytes) throws(ZstdError) -> [UInt8] {
        try withBytes(chunk) { (source) throws(ZstdError) in try stream(source, ZSTD_e_continue) }
    }

    /// Ends the current frame and returns its remaining bytes, including the checksum.
    public func finish() throws(ZstdError) -> [UInt8] {
        try stream(UnsafeRawBufferPointer(start: nil, count: 0), ZSTD_e_end)
    }

    /// Compresses a whole input as one frame that records its content size (`ZSTD_compress2`).
    func compressFrame(_ source: UnsafeRawBufferPointer) throws(ZstdError) -> [UInt8] {
        let frame = try compressFrameData(source)
        return [UInt8](frame)
    }

    /// The frame in `Data` that owns the compressor's output buffer, shrunk in place to the frame.
    func compressFrameData(_ source: UnsafeRawBufferPointer) throws(ZstdError) -> Data {
        let bound = try ZstdError.check(ZSTD_compressBound(source.count))
        guard let destination = malloc(max(bound, 1)) else { throw ZstdError(.library(64), "could not allocate \(bound) bytes") }
        let written: Int
        do {
            written = try ZstdError.check(ZSTD_compress2(context, destination, bound, source.baseAddress, source.count))
        } catch {
            free(destination)
            throw error
        }
        let frame = realloc(destination, max(written, 1)) ?? destination
        return Data(bytesNoCopy: frame, count: written, deallocator: .free)
    }

    /// Compresses a whole input as one frame into `destination`; returns the frame's size.
    ///
    /// - Throws: `.library` if the frame does not fit.
    func compressFrame(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer) throws(ZstdError) -> Int {
        try ZstdError.check(ZSTD_compress2(context, destination.baseAddress, destination.count, source.baseAddress, source.count))
    }

    /// Compresses `source` into `destination` from `position`, which has room for the frame's
    /// bound; returns the position after what was written.
    func compress(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer, at position: Int) throws(ZstdError) -> Int {
        try stream(source, into: destination, at: position, ZSTD_e_continue)
    }

    /// Ends the frame into `destination` from `position`; returns the position after it.
    func end(into destination: UnsafeMutableRawBufferPointer, at position: Int) throws(ZstdError) -> Int {
        try stream(UnsafeRawBufferPointer(start: nil, count: 0), into: destination, at: position, ZSTD_e_end)
    }

    private func stream(
        _ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer, at position: Int, _ directive: ZSTD_EndDirective
    ) throws(ZstdError) -> Int {
        if let failure { throw failure }
        var input = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
        var output = ZSTD_outBuffer(dst: destination.baseAddress, size: destination.count, pos: position)
        while true {
            let remaining = ZSTD_compressStream2(context, &output, &input, directive)
            if ZstdError.isError(remaining) {
                let error = ZstdError.library(remaining)
                failure = error
                throw error
            }
            let done = directive == ZSTD_e_continue ? input.pos == input.size : remaining == 0
            if done { return output.pos }
            guard output.pos < output.size else {
                failure = ZstdError(.library(70), "the output buffer is full")
                throw failure!
            }
        }
    }

    /// Runs `ZSTD_compressStream2` until `source` is consumed (and, for `ZSTD_e_end`, the frame is flushed).
    private func stream(_ source: UnsafeRawBufferPointer, _ directive: ZSTD_EndDirective) throws(ZstdError) -> [UInt8] {
        if let failure { throw failure }
        var input = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
        var result: [UInt8] = []
        while true {
            var output = ZSTD_outBuffer(dst: scratch.baseAddress, size: scratch.count, pos: 0)
            let remaining = ZSTD_compressStream2(context, &output, &input, directive)
            if ZstdError.isError(remaining) {
                let error = ZstdError.library(remaining)
                failure = error
                throw error
            }
            result.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<output.pos]))
            let done = directive == ZSTD_e_continue ? input.pos == input.size : remaining == 0
            if done { return result }
        }
    }
}
