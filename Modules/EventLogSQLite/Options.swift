/// How an ``SQLiteEventLog`` is opened.
public struct SQLiteEventLogOptions: Sendable {
    public var durability: Durability
    /// Create the file when it does not exist; otherwise a missing file is an error.
    public var createIfMissing: Bool
    /// Read the log without writing into it (see ``SQLiteEventLog/isReadOnly``); appends and
    /// snapshots then throw, and a writer's transactions never hold it up. A log this process
    /// cannot write (its file, or its directory) is always opened so.
    ///
    /// A WAL-mode log is read through its `-shm` index, which SQLite makes beside it (with an
    /// empty `-wal`) when missing, as for any reader: a writer's appends are seen as it commits
    /// them. Where nothing can be made beside it (read-only media), a log without a `-wal` is
    /// read immutable.
    public var readOnly: Bool
    /// With ``readOnly``: a log of an older format is upgraded in place first (its one write),
    /// where this process may write it, instead of being refused.
    public var upgradesOlderFormat: Bool
    /// Events per run of the per-stream index (see the README's "Storage layout"), 1 to 2^31.
    public var indexRunLength: Int64
    /// zstd level for snapshots.
    public var snapshotCompressionLevel: Int
    /// Largest snapshot state accepted when loading (guards against decompression bombs), and so
    /// when taking one.
    public var maxSnapshotSize: Int
    /// WAL length (pages) past which a background thread copies it into the file (``Checkpointer``).
    public var checkpointPages: Int
    /// Stream heads the writer keeps in memory; beyond it, streams not appended to lately are
    /// looked up in the file when appended to again (memory stays bounded with millions of streams).
    public var cachedStreams: Int
    /// Size of the writer's SQLite page cache (readers keep SQLite's 2 MB): the pages appends
    /// touch. Memory against speed once the indexes outgrow it, the more so the more streams
    /// `cachedStreams` leaves to look up: with 50 000 heads a city simulation of 200 000 riders
    /// peaked 82 MB lower with 8 MB than with 64 MB at the same speed, one of 2 000 000 riders
    /// 85 MB lower but 4 % slower (its pages were read back from the file).
    public var writerPageCacheKilobytes: Int
    /// Consecutive events of a batch stored together in one ``EventBlock``, at most (their
    /// payloads take at most 8 KB together). 1 stores each event alone: any event then reads alone.
    public var eventsPerBlock: Int
    /// Compress event payloads against dictionaries trained from the log (see ``PayloadCompression``);
    /// `nil` stores them as they are. Reading needs no option.
    public var payloadCompression: PayloadCompression?

    public init(
        durability: Durability = .full, createIfMissing: Bool = true, readOnly: Bool = false, upgradesOlderFormat: Bool = false,
        indexRunLength: Int64 = 65_536,
        snapshotCompressionLevel: Int = 3, maxSnapshotSize: Int = 1 << 30,
        checkpointPages: Int = 4_000, cachedStreams: Int = 1_000_000,
        writerPageCacheKilobytes: Int = 65_536, eventsPerBlock: Int = 32, payloadCompression: PayloadCompression? = nil
    ) {
        self.durability = durability
        self.createIfMissing = createIfMissing
        self.readOnly = readOnly
        self.upgradesOlderFormat = upgradesOlderFormat
        self.indexRunLength = min(max(1, indexRunLength), 1 << 31)
        self.snapshotCompressionLevel = snapshotCompressionLevel
        self.maxSnapshotSize = maxSnapshotSize
        self.checkpointPages = checkpointPages
        self.cachedStreams = max(1, cachedStreams)
        self.writerPageCacheKilobytes = max(1, writerPageCacheKilobytes)
        self.eventsPerBlock = max(1, eventsPerBlock)
        self.payloadCompression = payloadCompression
    }
}

extension SQLiteEventLogOptions {
    /// How a tool that only reads opens a log: an existing one, read-only, and upgraded first
    /// when it is of an older format and may be written.
    public static var reading: Self { .init(createIfMissing: false, readOnly: true, upgradesOlderFormat: true) }
}
