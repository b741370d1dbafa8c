extension RandomSource {
    /// A uniformly distributed integer in `range`, which must not be empty.
    ///
    /// Uses Lemire's unbiased multiply-and-reject method, so results are reproducible across
    /// Swift versions (the standard library's algorithm is not guaranteed stable).
    public func int(in range: Range<Int>) -> Int {
        precondition(!range.isEmpty, "int(in:) needs a non-empty range")
        let span = UInt64(UInt(bitPattern: range.upperBound &- range.lowerBound))
        var product = nextUInt64().multipliedFullWidth(by: span)
        if product.low < span {
            let threshold = (0 &- span) % span
            while product.low < threshold {
                product = nextUInt64().multipliedFullWidth(by: span)
            }
        }
        return range.lowerBound &+ Int(truncatingIfNeeded: product.high)
    }

    /// A uniformly distributed value in `0 ..< 1` with 53 random bits.
    public func double() -> Double {
        Double(nextUInt64() >> 11) * 0x1p-53
    }

    /// `count` random bytes, taken little-endian from successive 64-bit values.
    public func bytes(_ count: Int) -> [UInt8] {
        precondition(count >= 0, "bytes(_:) needs a non-negative count")
        var result: [UInt8] = []
        result.reserveCapacity(count)
        while result.count < count {
            var word = nextUInt64()
            for _ in 0..<min(8, count - result.count) {
                result.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return result
    }

    /// `true` with the given probability, which must be in `0 ... 1`.
    public func bool(probability: Double) -> Bool {
        precondition((0...1).contains(probability), "bool(probability:) needs a probability in 0...1")
        return double() < probability
    }
}
