/// How an ``SQLiteEventLog`` compresses event payloads, with zstd against a dictionary trained
/// from the log's own earlier events.
///
/// Self-describing payloads of a few hundred bytes barely compress alone; against a dictionary
/// of their field names and common values they shrink to about a third.
///
/// The first dictionary is trained once the log holds `trainingEvents` events, from 10 000 of
/// their payloads spread evenly; each next one once it holds ten times as many as at the last
/// training, from the `trainingEvents` events before that point, up to `maxDictionaries`. Until the first, and for
/// any payload that would not shrink, payloads are stored as they are. Training that fails (too
/// few or too uniform samples) leaves payloads as they are until the next point.
///
/// A zstd call costs about as much whatever the input's size (~1–2 µs here for a payload, most
/// of it choosing and writing entropy tables), so the payloads of up to `eventsPerBlock`
/// consecutive events of a batch (together at most 8 KB) are compressed as one *payload block*,
/// in a row of its own: reading an event then decompresses its block (a few KB). A batch's lone
/// event, and a payload too large for a block, is compressed alone; `eventsPerBlock` 1 compresses
/// every payload alone, so that any event is read alone. Payloads compressed alone and shorter
/// than `minimumSize` are stored as they are: a trade of disk for CPU.
///
/// Only writing needs this option: a log is read the same way whatever it was written with, and
/// the chain hashes cover the payloads as appended, so compression never changes them.
public struct PayloadCompression: Sendable, Hashable {
    /// Events each dictionary is trained from; the first is trained once the log holds this many.
    public var trainingEvents: Int64
    /// zstd level payloads are compressed at.
    public var level: Int
    /// Dictionaries trained at most.
    public var maxDictionaries: Int
    /// Payloads compressed alone and shorter than this many bytes are stored as they are.
    public var minimumSize: Int
    /// Consecutive events of a batch whose payloads are compressed together, at most (1: each alone).
    public var eventsPerBlock: Int

    /// Raw bytes of a payload block at most: below zstd's cut-off for using a prepared dictionary
    /// in place (8 KB at its fastest levels) rather than copying its tables for each call.
    static let maxBlockBytes = 8 << 10

    public init(trainingEvents: Int64 = 100_000, level: Int = 3, maxDictionaries: Int = 3, minimumSize: Int = 0, eventsPerBlock: Int = 32) {
        self.trainingEvents = max(1, trainingEvents)
        self.level = level
        self.maxDictionaries = max(0, maxDictionaries)
        self.minimumSize = max(0, minimumSize)
        self.eventsPerBlock = max(1, eventsPerBlock)
    }

    /// The log length at which dictionary number `index` (from 0) is trained; nil past the last.
    func trainingPoint(_ index: Int) -> Int64? {
        guard index < maxDictionaries else { return nil }
        var point = trainingEvents
        for _ in 0..<index {
            let (next, overflow) = point.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            point = next
        }
        return point
    }
}
