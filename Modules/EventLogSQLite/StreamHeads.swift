import PlatformKit

/// Stream heads by name, each at a number that never changes while the table lives: the writer
/// looks a batch's streams up once (see ``WriterCache/warm(streamsOf:_:)``) and the batch's
/// preparation moves each head by its number, without hashing its name again.
///
/// Names are hashed with FNV-1a into an ``IDIndex``; a removed head keeps its number, unused.
struct StreamHeads {
    struct Head {
        var id: Int64
        var version: Int64
        /// Whether the stream went cold once (and was brought back): its name is in the cache's cold streams.
        var wasCold = false
        /// Removed from the table (its number stays taken).
        fileprivate(set) var isRemoved = false
    }

    private var names: [String] = []
    /// By number.
    private(set) var heads: [Head] = []
    private var index = IDIndex()
    /// Heads not removed.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The number of stream `name`'s head, if the table has it.
    func number(of name: String) -> Int32? {
        index.number(hash: IDIndex.hash(name)) { names[Int($0)] == name && !heads[Int($0)].isRemoved }
    }

    /// The head of stream `name`, if the table has it.
    subscript(name: String) -> Head? {
        number(of: name).map { heads[Int($0)] }
    }

    /// Moves the head numbered `number` to `version`.
    mutating func setVersion(_ version: Int64, at number: Int32) {
        heads[Int(number)].version = version
    }

    /// Adds the head of stream `name`, which the table does not have; returns its number.
    @discardableResult
    mutating func insert(_ name: String, _ head: Head) -> Int32 {
        let number = Int32(names.count)
        names.append(name)
        heads.append(head)
        index.insert(number, hash: IDIndex.hash(name))
        count += 1
        return number
    }

    /// Removes stream `name`'s head and returns it, if the table has it.
    mutating func remove(_ name: String) -> Head? {
        guard let number = number(of: name) else { return nil }
        let head = heads[Int(number)]
        heads[Int(number)].isRemoved = true
        count -= 1
        return head
    }

    /// Calls `body` with each head not removed and its stream's name.
    func forEach(_ body: (String, Head) -> Void) {
        for number in names.indices where !heads[number].isRemoved { body(names[number], heads[number]) }
    }
}
