import PlatformKit

/// Malformed versions of the encoding `valid`: every prefix (cut anywhere), and `mutations`
/// copies with one byte set to a random value, from a generator seeded with `seed`.
public func malformedInputs(of valid: [UInt8], mutations: Int, seed: UInt64) -> [[UInt8]] {
    var random = SeededGenerator(seed: seed)
    var inputs = (0..<valid.count).map { Array(valid.prefix($0)) }
    for _ in 0..<mutations {
        var mutated = valid
        mutated[Int.random(in: 0..<mutated.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
        inputs.append(mutated)
    }
    return inputs
}
