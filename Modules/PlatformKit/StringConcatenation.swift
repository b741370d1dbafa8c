extension String {
    /// `"\(prefix)\(number)"`, written in one pass: an id or stream name such as `rider-42`, made
    /// for every event of a simulation, where the interpolation's appends cost several times more.
    @inlinable
    package init(concatenating prefix: StaticString, _ number: Int) {
        var digits = 1
        var rest = number.magnitude
        while rest >= 10 {
            rest /= 10
            digits &+= 1
        }
        let sign = number < 0 ? 1 : 0
        self = prefix.withUTF8Buffer { prefix in
            let count = prefix.count &+ sign &+ digits
            return String(unsafeUninitializedCapacity: count) { buffer in
                _ = buffer.initialize(fromContentsOf: prefix)
                if sign == 1 { buffer[prefix.count] = UInt8(ascii: "-") }
                var value = number.magnitude
                var position = count
                repeat {
                    position &-= 1
                    buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                    value /= 10
                } while value > 0
                return count
            }
        }
    }

    /// `prefix + suffix`, written in one pass (see ``init(concatenating:_:)-(StaticString,Int)``).
    @inlinable
    package init(concatenating prefix: StaticString, _ suffix: String) {
        self = prefix.withUTF8Buffer { prefix in
            suffix.withUTF8InPlace { suffix in
                String(unsafeUninitializedCapacity: prefix.count &+ suffix.count) { buffer in
                    _ = buffer.initialize(fromContentsOf: prefix)
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[prefix.count...]).initialize(fromContentsOf: suffix)
                    return prefix.count &+ suffix.count
                }
            }
        }
    }
}
