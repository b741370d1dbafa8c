/// The names of the streams the writer's cache dropped (cold streams), as a Bloom filter: a
/// stream it has not seen is new for sure, and the writer need not look it up in the file.
///
/// Each name sets ``bitsPerName`` bits in one 512-bit block (one cache line), chosen by its hash.
/// The filter grows as layers, each four times the size of the one before, so that no name is
/// hashed again; a look-up checks every layer. With 12 bits a name and 7 bits set, a new name
/// looks cold (and is looked up, as without the filter) about once in 200 per full layer; a cold
/// name always does.
struct ColdStreamFilter {
    private struct Layer {
        /// Blocks of eight words.
        var words: [UInt64]
        var count = 0
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            let blocks = max(1, capacity * ColdStreamFilter.bitsPerName / 512)
            words = Array(repeating: 0, count: blocks * 8)
        }

        var blocks: Int { words.count / 8 }
    }

    /// Bits of filter per name a layer is sized for.
    static let bitsPerName = 12
    /// Bits each name sets in its block.
    private static let bitsSet = 7

    private var layers: [Layer] = []
    private let firstCapacity: Int

    /// A filter whose first layer holds `capacity` names.
    init(capacity: Int = 1 << 16) {
        firstCapacity = max(64, capacity)
    }

    /// The names added (a name added twice counts twice).
    var count: Int { layers.reduce(0) { $0 + $1.count } }

    /// Adds `name`.
    mutating func insert(_ name: String) {
        if layers.last.map({ $0.count >= $0.capacity }) ?? true {
            layers.append(Layer(capacity: layers.last.map { $0.capacity * 4 } ?? firstCapacity))
        }
        let hash = Self.hash(name)
        let last = layers.count - 1
        let base = Self.block(hash, of: layers[last].blocks) * 8
        Self.forEachBit(of: hash) { word, mask in layers[last].words[base + word] |= mask }
        layers[last].count += 1
    }

    /// Whether `name` may have been added: false means it never was.
    func mayContain(_ name: String) -> Bool {
        guard !layers.isEmpty else { return false }
        let hash = Self.hash(name)
        return layers.contains { layer in
            let base = Self.block(hash, of: layer.blocks) * 8
            var all = true
            Self.forEachBit(of: hash) { word, mask in all = all && layer.words[base + word] & mask != 0 }
            return all
        }
    }

    private static func hash(_ name: String) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(name)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// The block of a layer of `blocks` blocks that `hash` falls in: the hash mixed again (its
    /// low bits choose the bits in the block), scaled to the layer.
    private static func block(_ hash: UInt64, of blocks: Int) -> Int {
        let mixed = (hash ^ (hash >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return Int(mixed.multipliedFullWidth(by: UInt64(blocks)).high)
    }

    /// The bits `hash` sets in its block, as (word, mask): from its low 63 bits, 9 bits each.
    private static func forEachBit(of hash: UInt64, _ body: (Int, UInt64) -> Void) {
        for index in 0..<bitsSet {
            let bit = Int((hash >> UInt64(index * 9)) & 511)
            body(bit >> 6, 1 << UInt64(bit & 63))
        }
    }
}
