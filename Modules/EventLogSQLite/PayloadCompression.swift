/// How an ``SQLiteEventLog`` compresses event payloads, with zstd against a dictionary trained
/// from the log's own earlier events.
///
/// Self-describing payloads of a few hundred bytes barely compress alone; against a dictionary
/// of their field names and common values they shrink to about a third.
///
/// The first dictionary is trained once the log holds `trainingEvents` events, from 10 000 of
/// their payloads spread evenly; each next one once it holds ten times as many as at the last
/// training, from the `trainingEvents` events before that point, up to `maxDictionaries`.
///
/// What is compressed is each ``EventBlock`` (up to ``SQLiteEventLogOptions/eventsPerBlock``
/// consecutive events of a batch, at most 8 KB of payloads): a zstd call costs about as much
/// whatever the input's size (~1–2 µs here, most of it choosing and writing entropy tables).
/// Until the first dictionary, and for a block that would not shrink, blocks are stored as they
/// are. Training that fails (too few or too uniform samples) leaves blocks as they are until the
/// next point.
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

    /// Payload bytes of an event block at most: below zstd's cut-off for using a prepared dictionary
    /// in place (8 KB at its fastest levels) rather than copying its tables for each call.
    static let maxBlockBytes = 8 << 10

    public init(trainingEvents: Int64 = 100_000, level: Int = 3, maxDictionaries: Int = 3) {
        self.trainingEvents = max(1, trainingEvents)
        self.level = level
        self.maxDictionaries = max(0, maxDictionaries)
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
