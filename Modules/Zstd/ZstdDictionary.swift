import CZstd

/// A zstd dictionary: shared content that makes small, similar inputs compress much better.
///
/// Train one with `train(samples:capacity:)`, store its `bytes`, and pass the same dictionary
/// to both compression and decompression.
public struct ZstdDictionary: Hashable, Sendable {
    /// The dictionary as libzstd reads it (the same bytes `zstd --train` writes to a file).
    public let bytes: [UInt8]

    /// Wraps dictionary bytes, e.g. read back from storage. Any bytes are accepted; bytes
    /// that are not a trained dictionary are used as raw shared content (and have `id` 0).
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The ID stored in a trained dictionary and recorded in frames compressed with it;
    /// 0 for raw content that is not a trained dictionary (`ZDICT_getDictID`).
    public var id: UInt32 {
        bytes.withUnsafeBytes { UInt32(ZDICT_getDictID($0.baseAddress, $0.count)) }
    }

    /// Trains a dictionary of at most `capacity` bytes from typical inputs (`ZDICT_trainFromBuffer`).
    ///
    /// Use many samples (hundreds or more) totalling about 100 times `capacity`.
    /// - Throws: `.dictionaryTraining` with libzstd's message, e.g. when there are too few samples.
    public static func train(samples: [[UInt8]], capacity: Int = 112_640) throws(ZstdError) -> ZstdDictionary {
        try train(samples, capacity) { ZDICT_trainFromBuffer($0, $1, $2, $3, $4) }
    }

    /// Trains like `train(samples:capacity:)`, with FastCover's parameters fixed (segments of
    /// `segmentSize` bytes, 8-byte d-mers) instead of searched for: about ten times faster, and as
    /// good for many small inputs of a few shapes, such as event payloads
    /// (`ZDICT_trainFromBuffer_fastCover`).
    ///
    /// - Throws: `.invalidArgument` for a segment size under 8, `.dictionaryTraining` like `train`.
    public static func trainFast(samples: [[UInt8]], capacity: Int = 112_640, segmentSize: Int = 1_024) throws(ZstdError) -> ZstdDictionary {
        guard (8...Int(UInt32.max)).contains(segmentSize) else {
            throw ZstdError(.invalidArgument, "dictionary segment size must be 8 or more (got \(segmentSize))")
        }
        var parameters = ZDICT_fastCover_params_t()
        (parameters.k, parameters.d, parameters.f, parameters.accel) = (UInt32(segmentSize), 8, 20, 1)
        return try train(samples, capacity) { ZDICT_trainFromBuffer_fastCover($0, $1, $2, $3, $4, parameters) }
    }

    /// Runs `trainer` (a `ZDICT_trainFromBuffer` variant) on the samples, joined.
    private static func train(
        _ samples: [[UInt8]], _ capacity: Int,
        _ trainer: (UnsafeMutableRawPointer?, Int, UnsafeRawPointer?, UnsafePointer<Int>?, UInt32) -> Int
    ) throws(ZstdError) -> ZstdDictionary {
        guard !samples.isEmpty else {
            throw ZstdError(.dictionaryTraining, "dictionary training needs samples, got none")
        }
        guard samples.count <= Int(UInt32.max) else {
            throw ZstdError(.dictionaryTraining, "dictionary training takes at most \(UInt32.max) samples")
        }
        guard capacity > 0 else {
            throw ZstdError(.invalidArgument, "dictionary capacity must be positive (got \(capacity))")
        }
        let joined = samples.flatMap { $0 }
        let sizes = samples.map(\.count)
        var result = 0
        let trained = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            result = joined.withUnsafeBytes { samplesBuffer in
                sizes.withUnsafeBufferPointer { sizesBuffer in
                    trainer(buffer.baseAddress, capacity, samplesBuffer.baseAddress, sizesBuffer.baseAddress, UInt32(samples.count))
                }
            }
            count = ZDICT_isError(result) != 0 ? 0 : result
        }
        if ZDICT_isError(result) != 0 {
            let reason = String(cString: ZDICT_getErrorName(result))
            throw ZstdError(.dictionaryTraining, "dictionary training failed: \(reason)")
        }
        return ZstdDictionary(bytes: Array(trained[...]))
    }
}
