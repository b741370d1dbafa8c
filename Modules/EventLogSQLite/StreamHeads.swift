import PlatformKit

/// Stream heads by name, each at a number that never changes while the table lives: the writer
/// looks a batch's streams up once (see ``WriterCache/warm(streamsOf:_:)``) and the batch's
/// preparation moves each head by its number, without hashing its name again.
///
/// Names are hashed with FNV-1a into an ``IDIndex``; a removed head keeps its number, unused.
/// Each name is stored beside its head, so confirming a look-up reads one place in memory
/// (at 2 000 000 riders the table is far larger than the caches, and every event looks up).
struct StreamHeads {
    struct Head {
        var id: Int64
        var version: Int64
        /// Whether the stream went cold once (and was brought back): its name is in the cache's cold streams.
        var wasCold = false
        /// Removed from the table (its number stays taken).
        fileprivate(set) var isRemoved = false
    }

    /// A stream's name with its hash, computed once for a look-up and what follows it (a head
    /// brought back from the older generation is removed there and inserted here).
    struct Name {
        let name: String
        let hash: UInt32

        init(_ name: String) {
            (self.name, hash) = (name, IDIndex.hash(name))
        }
    }

    private struct Slot {
        var name: String
        var head: Head
    }

    /// By number.
    private var slots: [Slot] = []
    private var index = IDIndex()
    /// Heads not removed.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The number of stream `name`'s head, if the table has it.
    func number(of name: Name) -> Int32? {
        index.number(hash: name.hash) { number in
            slots.withUnsafeBufferPointer { !$0[Int(number)].head.isRemoved && $0[Int(number)].name == name.name }
        }
    }

    /// The numbers of the heads of `names`, -1 where the table has none: what ``number(of:)``
    /// gives one name at a time, found a pass at a time (every name's bucket, then the heads they
    /// point at). At 2 000 000 riders the buckets and the heads are far larger than the caches;
    /// one at a time, each look-up waited for two reads from memory in turn.
    func numbers(of names: UnsafeBufferPointer<Name>) -> [Int32] {
        var numbers = names.map { index.firstCandidate(hash: $0.hash) }
        slots.withUnsafeBufferPointer { slots in
            for position in names.indices where numbers[position] >= 0 {
                let slot = Int(numbers[position])
                guard slots[slot].head.isRemoved || slots[slot].name != names[position].name else { continue }
                // Another name with the same hash, or a removed head: the probe goes on.
                numbers[position] = number(of: names[position]) ?? -1
            }
        }
        return numbers
    }

    func number(of name: String) -> Int32? {
        number(of: Name(name))
    }

    /// The head numbered `number`.
    func head(at number: Int32) -> Head {
        slots[Int(number)].head
    }

    /// The head of stream `name`, if the table has it.
    subscript(name: String) -> Head? {
        number(of: name).map(head(at:))
    }

    /// Moves the head numbered `number` to `version`.
    mutating func setVersion(_ version: Int64, at number: Int32) {
        slots[Int(number)].head.version = version
    }

    /// Adds the head of stream `name`, which the table does not have; returns its number.
    @discardableResult
    mutating func insert(_ name: Name, _ head: Head) -> Int32 {
        let number = Int32(slots.count)
        slots.append(Slot(name: name.name, head: head))
        index.insert(number, hash: name.hash)
        count += 1
        return number
    }

    @discardableResult
    mutating func insert(_ name: String, _ head: Head) -> Int32 {
        insert(Name(name), head)
    }

    /// Removes stream `name`'s head and returns it, if the table has it.
    mutating func remove(_ name: Name) -> Head? {
        guard let number = number(of: name) else { return nil }
        let head = slots[Int(number)].head
        slots[Int(number)].head.isRemoved = true
        count -= 1
        return head
    }

    /// Calls `body` with each head not removed and its stream's name.
    func forEach(_ body: (String, Head) -> Void) {
        for slot in slots where !slot.head.isRemoved { body(slot.name, slot.head) }
    }
}
