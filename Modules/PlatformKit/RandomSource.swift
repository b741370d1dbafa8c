import Synchronization

/// Randomness, injected: `seeded` for reproducible runs and tests, `secure` for secrets.
public struct RandomSource: Sendable {
    /// Returns the next 64 random bits.
    public var nextUInt64: @Sendable () -> UInt64

    /// Builds the child stream for a label hash; see `fork(_:)`.
    private let derive: @Sendable (_ labelHash: UInt64) -> RandomSource

    /// Creates a source from a closure; its forks are seeded by one value drawn from it.
    public init(nextUInt64: @escaping @Sendable () -> UInt64) {
        self.init(nextUInt64: nextUInt64) { labelHash in
            .seeded(SplitMix64.mix(nextUInt64() ^ labelHash))
        }
    }

    private init(
        nextUInt64: @escaping @Sendable () -> UInt64,
        derive: @escaping @Sendable (UInt64) -> RandomSource
    ) {
        self.nextUInt64 = nextUInt64
        self.derive = derive
    }

    /// A thread-safe `SeededGenerator` stream: the same seed gives the same values everywhere.
    public static func seeded(_ seed: UInt64) -> RandomSource {
        let generator = Mutex(SeededGenerator(seed: seed))
        return RandomSource(nextUInt64: { generator.withLock { $0.next() } }) { labelHash in
            .seeded(SplitMix64.mix(seed ^ SplitMix64.mix(labelHash)))
        }
    }

    /// The system's cryptographically secure generator, for session tokens and salts.
    public static var secure: RandomSource {
        RandomSource(nextUInt64: {
            var generator = SystemRandomNumberGenerator()
            return generator.next()
        }) { _ in .secure }
    }

    /// An independent stream for the consumer named `label`.
    ///
    /// For a seeded source the child depends only on the parent's seed and the label (FNV-1a),
    /// never on how many values the parent or other forks have drawn, so adding a consumer does
    /// not shift anyone else's sequence. A secure source forks into a secure source.
    public func fork(_ label: String) -> RandomSource {
        derive(FNV1a.hash(label))
    }
}
