import EventLog
import Foundation
import GRDB
import PlatformKit
import Synchronization

/// The shared event log in one SQLite file (WAL mode): events, the stream index and snapshots.
///
/// One instance per process is the single writer; any number of threads and processes may read.
/// The database enforces append-only (UPDATE and DELETE of events fail) and every event carries
/// a hash chained to the previous one.
public final class SQLiteEventLog: EventLogStore, BulkEventLogWriter, Sendable {
    public let path: String
    public let options: SQLiteEventLogOptions
    /// Why the log was opened for reading only, if it was: asked for
    /// (``SQLiteEventLogOptions/readOnly``), or this process may not write the file or make files
    /// beside it (read-only media, another user's log), as SQLite must to read a WAL-mode log
    /// through its `-shm` index.
    let readOnlyReason: String?
    /// Whether the log was opened for reading only; appends and snapshots then throw.
    public var isReadOnly: Bool { readOnlyReason != nil }
    let pool: DatabasePool
    let clock: Clock
    /// The writer's cache; `nil` when it must be reloaded from the file.
    let writer = Mutex<WriterCache?>(nil)
    let names = Mutex(NameTable())
    let checkpointer: Checkpointer
    let preparer = Preparer()
    let payloadDictionaries = PayloadDictionaries()
    /// Where this instance's own appends end, once it claimed to be the only writer (``claimSoleWriter(after:)``).
    let claimedEnd = Mutex<Int64?>(nil)

    /// Opens (or creates) the log at `path`; one this process may not write (or asked for with
    /// ``SQLiteEventLogOptions/readOnly``) is opened read-only (``isReadOnly``).
    ///
    /// Throws an ``EventLogError`` with code `.cannotOpen` and one clear line when the file is
    /// missing (and `createIfMissing` is off), is not a SQLite database, is not an event log, or
    /// was written by a newer format version.
    public init(path: String, clock: Clock, options: SQLiteEventLogOptions = .init()) throws {
        self.path = path
        self.options = options
        self.clock = clock
        // SQLite takes an empty path for a private temporary database, never a log anyone keeps.
        guard !path.isEmpty else { throw EventLogError(.cannotOpen, "the event log's path is empty") }
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists && (!options.createIfMissing || options.readOnly) {
            throw EventLogError(.cannotOpen, "\(path): \(missingFileReason(path))")
        }
        if exists { try Self.checkHeader(path: path, mayBeEmpty: options.createIfMissing && !options.readOnly) }
        readOnlyReason = exists ? Self.readOnlyReason(path: path, asked: options.readOnly) : nil
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        // 16 KB pages for a new file (no effect on an existing one): fewer page writes per append
        // and fewer page reads per scan than SQLite's default 4 KB, for ~300-byte rows.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = 16384") }
        let synchronous = options.durability.pragma
        checkpointer = Checkpointer(path: path, thresholdFrames: options.checkpointPages)
        if readOnlyReason != nil {
            let upgrading = options.upgradesOlderFormat && Self.readOnlyReason(path: path, asked: false) == nil
            pool = try Self.openReadOnly(path: path, configuration: configuration, upgrading: upgrading)
            return
        }
        do {
            pool = try Self.openChecked(path: path, configuration: configuration, mayCreate: options.createIfMissing)
            // GRDB sets NORMAL when it turns WAL on; the writer commits, so it gets the chosen mode,
            // and its own page cache for the pages appends touch (readers keep SQLite's 2 MB: a scan
            // gains nothing from more, and memory stays flat however long the log).
            try pool.writeWithoutTransaction {
                try $0.execute(sql: "PRAGMA synchronous = \(synchronous); PRAGMA cache_size = -\(options.writerPageCacheKilobytes)")
            }
            attachCheckpointer()
        } catch let error as EventLogError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_READONLY || Self.isLocked(error) {
            throw Self.mapped(error, path: path)
        } catch {
            let problem = exists ? "not an event log" : "cannot create the log"
            throw EventLogError(.cannotOpen, "\(path): \(problem) (\(exists ? Self.describe(error) : Self.creationProblem(path, error)))")
        }
    }

    /// The WAL is copied into the file by a background thread, not inside the writer's commits.
    private func attachCheckpointer() {
        pool.writeWithoutTransaction { db in
            checkpointer.attach(to: db.sqliteConnection!) { [weak self] body in self?.writer.withLock { _ in body() } }
        }
    }

    /// A setting of the writer connection: `PRAGMA name`'s value (`synchronous`: 2 = FULL,
    /// 1 = NORMAL; `cache_size`: negative kilobytes), for tests.
    package func writerSetting(_ name: StaticString) throws -> Int {
        try pool.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA \(name)") ?? 0 }
    }

    deinit {
        checkpointer.stop()
        preparer.stop()
    }

    /// Checkpoints the WAL into the main file and closes it; further use throws.
    ///
    /// A checkpoint whose writes into the file fail (a full disk, a file that may not grow)
    /// loses nothing, every commit being in the -wal: it throws ``UncopiedWAL``, which says so.
    public func close() throws {
        checkpointer.stop()
        preparer.stop()
        do {
            if !isReadOnly { _ = try pool.writeWithoutTransaction { try $0.checkpoint(.truncate) } }
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_FULL || [.SQLITE_IOERR_WRITE, .SQLITE_IOERR_TRUNCATE].contains(error.extendedResultCode) {
            try? pool.close()
            throw UncopiedWAL(path: path, reason: Self.describe(error))
        } catch {
            try? pool.close()
            throw Self.mapped(error, path: path)
        }
        do {
            try pool.close()
        } catch {
            throw Self.mapped(error, path: path)
        }
    }

    /// ``close()`` could not copy the -wal into the log (a full disk): everything appended is
    /// stored all the same, in the -wal, which readers read with the log and a writer's next
    /// close copies.
    public struct UncopiedWAL: Error, CustomStringConvertible, Sendable {
        public var path: String
        /// SQLite's reason: "database or disk is full", say.
        public var reason: String

        public var description: String {
            "\(path): everything appended is stored, but copying the -wal into the log failed: \(reason) "
                + "(the log is whole only with \(path)-wal beside it, until a writer closes it with room on the disk)"
        }
    }

    // MARK: - Append

    @discardableResult
    public func append(_ events: [NewEvent]) throws -> [AppendedEvent] {
        try append(events, expectedLastSequence: nil)
    }

    /// Appends `events` as ``append(_:)`` does; with `expectedLastSequence`, only if the log ends
    /// at that sequence number (else ``EventLogError`` `.logEndConflict`): a writer that must be
    /// the log's only one learns that another process appended.
    @discardableResult
    public func append(_ events: [NewEvent], expectedLastSequence: Int64?) throws -> [AppendedEvent] {
        guard !events.isEmpty else { return [] }
        let now = clock.now()
        let batch = EventBatch(events)
        return try writing { cache, db in try self.append(batch, at: now, cache: &cache, db, expectedLastSequence: expectedLastSequence) }
    }

    /// Appends `events` as ``append(_:)`` does, without building where each landed; with
    /// `expectedLastSequence`, only if the log ends at that sequence number.
    ///
    /// - Throws: ``EventLogError`` with `.invalidInput` if an event has an idempotency key (a
    ///   duplicate's landing is the only sign that nothing was appended), `.logEndConflict` if
    ///   the log does not end at `expectedLastSequence`, and what ``append(_:)`` throws.
    public func appendWithoutLandings(_ events: EventBatch, expectedLastSequence: Int64? = nil) throws {
        guard !events.isEmpty else { return }
        guard !events.hasIdempotencyKeys else {
            throw EventLogError(.invalidInput, "appendWithoutLandings takes no idempotency keys: use append")
        }
        let now = clock.now()
        try writing { cache, db in
            _ = try self.append(events, at: now, cache: &cache, db, landings: false, expectedLastSequence: expectedLastSequence)
        }
    }

    /// Makes this instance the log's only writer from `sequence` on: each append then goes only
    /// right after this instance's previous one (the first right after event `sequence`, 0 for an
    /// empty log), and throws ``EventLogError`` `.logEndConflict` if another process appended
    /// there. A tool that read its state from the log (or checked the log holds none of its
    /// streams) claims it where it read, so that its events never mix with another run's.
    public func claimSoleWriter(after sequence: Int64) {
        claimedEnd.withLock { $0 = sequence }
    }

    /// For a run that writes `streams` from their start: the first of them that already has
    /// events, or nil once the log is claimed (``claimSoleWriter(after:)``) where it ended before
    /// they were checked, so that another run writing them meanwhile stops this one.
    public func claimSoleWriter(ofNew streams: some Sequence<String>) throws -> String? {
        let end = try lastSequence()
        for stream in streams where try streamVersion(of: stream) > 0 { return stream }
        claimSoleWriter(after: end)
        return nil
    }

    /// Runs `body` in an IMMEDIATE write transaction holding the writer cache; on any error
    /// the transaction rolls back and the cache is reloaded on the next write.
    func writing<T: Sendable>(_ body: (inout WriterCache?, Database) throws -> T) throws -> T {
        try requireWritable()
        return try writer.withLock { cache in
            do {
                let claimed = claimedEnd.withLock { $0 }
                var end: Int64?
                let result = try pool.writeWithoutTransaction { db in
                    var result: T?
                    try db.inTransaction(.immediate) {
                        if let claimed, case let last = try Self.lastSequence(db), last != claimed {
                            throw EventLogError.logEndConflict(path: path, expected: claimed, actual: last)
                        }
                        result = try body(&cache, db)
                        if claimed != nil { end = try Self.lastSequence(db) }
                        return .commit
                    }
                    return result!
                }
                if let end { claimedEnd.withLock { $0 = end } }
                return result
            } catch {
                cache = nil
                throw Self.mapped(error, path: path)
            }
        }
    }

    /// Where `events` landed (none without `landings`).
    private func append(
        _ events: EventBatch, at now: Instant, cache: inout WriterCache?, _ db: Database, landings: Bool = true,
        expectedLastSequence: Int64? = nil
    ) throws -> [AppendedEvent] {
        // Another process may have appended since: then the cache is reloaded.
        let last = try Int64.fetchOne(db.cachedStatement(sql: Self.lastSequenceSQL)) ?? 0
        if let expectedLastSequence, last != expectedLastSequence {
            throw EventLogError.logEndConflict(path: path, expected: expectedLastSequence, actual: last)
        }
        var current = try cache.flatMap { $0.lastSequence == last ? $0 : nil }
            ?? WriterCache.load(db, streamLimit: options.cachedStreams, compression: options.payloadCompression, dictionaries: payloadDictionaries)
        // The batch owns the cache while it is prepared; on any error it stays nil and is reloaded.
        cache = nil
        let heads = try current.warm(streamsOf: events, db)
        try trainPayloadDictionaryIfDue(&current, db)
        // Consumed: a live copy here would make the batch copy every stream head on its first write.
        let batch = PreparedBatch(events, heads: heads, cache: consume current, at: now, on: preparer, eventsPerBlock: options.eventsPerBlock, keepingLandings: landings
        ) {
            try self.storedEvent(idempotencyKey: $0, db)
        }
        try insert(batch, db)
        var (prepared, results) = try batch.finish()
        try writeIndexRunIfDue(cache: &prepared, db)
        cache = prepared
        return results
    }

    /// The event stored with idempotency key `key`: in a block, or in a row written before them.
    func storedEvent(idempotencyKey key: String, _ db: Database) throws -> AppendedEvent? {
        if let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM idempotency_keys WHERE key = ?", arguments: [key]) {
            var reader = PayloadReader(payloadDictionaries)
            guard let record = try Self.block(holding: sequence, &reader, db)?.record(of: sequence),
                  let stream = try String.fetchOne(db, sql: "SELECT name FROM streams WHERE id = ?", arguments: [record.stream]) else {
                throw EventLogError(.corrupt(sequence: sequence), "event \(sequence): its idempotency key is stored but the event is not")
            }
            return AppendedEvent(sequence: sequence, streamID: stream, position: record.position, isDuplicate: true)
        }
        return try Row.fetchOne(db, sql: """
            SELECT e.seq, s.name, e.position FROM events e JOIN streams s ON s.id = e.stream_id
            WHERE e.idempotency_key = ?
            """, arguments: [key]).map { AppendedEvent(sequence: $0[0], streamID: $0[1], position: $0[2], isDuplicate: true) }
    }

    // MARK: - Errors

    /// A database error as an ``EventLogError`` naming the file, and a damaged event named by
    /// its file too; other errors unchanged.
    static func mapped(_ error: any Error, path: String) -> any Error {
        if let error = error as? EventLogError, case .corrupt(_?) = error.code, !error.message.hasPrefix("\(path): ") {
            return EventLogError(error.code, "\(path): \(error.message)")
        }
        guard let error = error as? DatabaseError else { return error }
        if isLocked(error) {
            return EventLogError(.storage, "\(path): the log is locked by another process (\(describe(error)))")
        }
        switch error.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return EventLogError(.corrupt(sequence: nil), "\(path): the log is damaged (\(describe(error)))")
        case .SQLITE_READONLY:
            // The file may be writable while its -shm or -wal, made by another user, is not.
            return EventLogError(.storage, "\(path): cannot write: this user may not write the log, or its -wal or -shm beside it (\(describe(error)))")
        default:
            return EventLogError(.storage, "\(path): \(describe(error))")
        }
    }

    /// Whether another connection held a lock `error`'s statement waited for in vain.
    static func isLocked(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}

