import PlatformKit

/// Malformed versions of the encoding `valid`: every prefix (cut anywhere), and `mutations`
/// copies with one byte set to a random value, from a generator seeded with `seed`.
public func malformedInputs(of valid: [UInt8], mutations: Int, seed: UInt64) -> [[UInt8]] {
    var random = SeededGenerator(seed: seed)
    return (0..<valid.count).map { Array(valid.prefix($0)) }
        + damagedCopies(of: valid, cuts: 0, changedBytes: mutations, overflows: 0, using: &random)
}

/// Damaged copies of the encoding `valid` (not empty), drawn from `random`: `cuts` cut short
/// somewhere, `changedBytes` with one byte set to a random value, and `overflows` with a run of up
/// to 8 bytes set to 0xFF (lengths and counts that run past the end), in that order.
public func damagedCopies(
    of valid: [UInt8], cuts: Int, changedBytes: Int, overflows: Int, using random: inout SeededGenerator
) -> [[UInt8]] {
    var copies = (0..<cuts).map { _ in Array(valid.prefix(Int.random(in: 0..<valid.count, using: &random))) }
    for _ in 0..<changedBytes {
        var damaged = valid
        damaged[Int.random(in: 0..<valid.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
        copies.append(damaged)
    }
    for _ in 0..<overflows {
        var damaged = valid
        let start = Int.random(in: 0..<valid.count, using: &random)
        for index in start..<min(valid.count, start + Int.random(in: 1...8, using: &random)) { damaged[index] = 0xFF }
        copies.append(damaged)
    }
    return copies
}
