/// How an ``SQLiteEventLog`` compresses event payloads: each one on its own, so any event is
/// still read alone, with zstd against a dictionary trained from the log's own earlier events.
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
/// Each payload compressed costs zstd about as much whatever its size (~1–2 µs here, most of it
/// choosing and writing entropy tables), so payloads shorter than `minimumSize` can be stored as
/// they are: a trade of disk for CPU (see `platform simulate`).
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
    /// Payloads shorter than this many bytes are stored as they are.
    public var minimumSize: Int

    public init(trainingEvents: Int64 = 100_000, level: Int = 3, maxDictionaries: Int = 3, minimumSize: Int = 0) {
        self.trainingEvents = max(1, trainingEvents)
        self.level = level
        self.maxDictionaries = max(0, maxDictionaries)
        self.minimumSize = max(0, minimumSize)
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
