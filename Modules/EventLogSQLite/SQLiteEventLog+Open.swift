import EventLog
import Foundation
import GRDB
import PlatformKit

/// Opening a log: the checks before SQLite touches the file, and its schema's format.
extension SQLiteEventLog {
    /// Refuses, before SQLite opens (and would write to) it, a directory or an existing file that
    /// is not a SQLite database: SQLite takes a file shorter than its header for an empty database
    /// and overwrites it. An empty file is a new log only when the caller may create one.
    static func checkHeader(path: String, mayBeEmpty: Bool) throws {
        if FileKind(atPath: path) == .directory {
            throw EventLogError(.cannotOpen, "\(path): is a directory, not an event log")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw EventLogError(.cannotOpen, "\(path): cannot be read")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: sqliteHeader.count)) ?? Data()
        if header.isEmpty {
            if mayBeEmpty { return }
            throw EventLogError(.cannotOpen, "\(path): not an event log (an empty file)")
        }
        guard header == sqliteHeader else {
            throw EventLogError(.cannotOpen, "\(path): not an event log (file is not a database)")
        }
    }

    /// Why a new log could not be made at `path`: its directory is missing or not writable, or
    /// what SQLite said.
    static func creationProblem(_ path: String, _ error: any Error) -> String {
        let directory = Self.directory(of: path)
        switch FileKind(atPath: directory) {
        case .missing: return "no such directory \(directory)"
        case .file: return "\(directory) is not a directory"
        case .directory:
            guard access(directory, W_OK) == 0 else { return "cannot write in \(directory): \(systemReason(code: errno))" }
            return describe(error)
        }
    }

    /// The directory holding `path`.
    static func directory(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    /// The first 16 bytes of every SQLite database file.
    private static let sqliteHeader = Data("SQLite format 3\0".utf8)

    /// Opens the file and creates the schema of a new log, or checks (and upgrades) an existing
    /// log's.
    ///
    /// Another process creating the same new log may be half-way through: turning WAL on (the
    /// file is locked for a moment), or its schema, which GRDB applies one migration at a time
    /// (the file looks like a database without the log's tables, or a migration finds its table
    /// already made). Each settles within milliseconds, so a writer that may create the log
    /// tries again for up to a second before saying so.
    static func openChecked(path: String, configuration: Configuration, mayCreate: Bool) throws -> DatabasePool {
        var attempts = mayCreate ? 40 : 1
        while true {
            attempts -= 1
            do {
                try lookReadOnly(path: path, configuration: configuration, mayCreate: mayCreate)
                let pool = try DatabasePool(path: path, configuration: configuration)
                do {
                    try checkFormat(pool, path: path, mayCreate: mayCreate)
                } catch {
                    try? pool.close()
                    throw error
                }
                return pool
            } catch let error as SchemaInProgress {
                guard attempts > 0 else { throw error.problem }
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempts > 0 {
                // Locked by the process creating the log: the next attempt finds it made.
            }
            usleep(25_000)
        }
    }

    /// A problem that another process creating the log could be causing, for now.
    struct SchemaInProgress: Error {
        let problem: EventLogError
    }

    /// Refuses an existing file that is not an event log (nor a new, empty one when `mayCreate`)
    /// through a read-only connection, before a connection that may write (turning WAL on, making
    /// the schema) opens it: a file that is not a log is left as it was.
    /// Returns the log's format (nil for a new log).
    @discardableResult
    private static func lookReadOnly(path: String, configuration: Configuration, mayCreate: Bool) throws -> Int? {
        guard (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 > 0 else { return nil }
        var configuration = configuration
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try format(queue, path: path, mayCreate: mayCreate)
    }

    /// Upgrades the existing log at `path` in place when it is of an older format than this
    /// build's, through a connection that writes, closed again.
    static func upgradeIfOlder(path: String, configuration: Configuration) throws {
        var writing = configuration
        writing.readonly = false
        do {
            guard let format = try lookReadOnly(path: path, configuration: writing, mayCreate: false), format < Schema.formatVersion else { return }
            do {
                try openChecked(path: path, configuration: writing, mayCreate: false).close()
            } catch {
                // Another process may have upgraded it at the same moment.
                guard (try? lookReadOnly(path: path, configuration: writing, mayCreate: false)) == Schema.formatVersion else { throw error }
            }
        } catch let error as SchemaInProgress {
            throw error.problem
        }
    }

    /// The format of the log `reader` reads; nil for a database without tables when `mayCreate`
    /// (a new log). Throws when it is not an event log or is newer than this build.
    private static func format(_ reader: some DatabaseReader, path: String, mayCreate: Bool) throws -> Int? {
        let tables = try reader.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        if tables.isEmpty && mayCreate { return nil }
        guard tables.contains("meta"), tables.contains("events") else {
            throw SchemaInProgress(problem: EventLogError(.cannotOpen, "\(path): not an event log (a SQLite database without the event log's tables)"))
        }
        let format = try reader.read { db in
            try Int.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'format_version'") ?? 0
        }
        if format > Schema.formatVersion {
            throw EventLogError(.cannotOpen, "\(path): log format version \(format) is newer than this build reads (\(Schema.formatVersion)); upgrade the tool")
        }
        if format < 1 {
            throw EventLogError(.cannotOpen, "\(path): not an event log (no format version)")
        }
        return format
    }

    /// Checks the log's format; creates the schema of an empty file when `mayCreate`, and
    /// upgrades an older log unless it is read-only.
    static func checkFormat(_ pool: DatabasePool, path: String, mayCreate: Bool, readOnly: Bool = false) throws {
        guard let format = try format(pool, path: path, mayCreate: mayCreate) else {
            do {
                try Schema.migrator.migrate(pool)
            } catch {
                throw SchemaInProgress(problem: EventLogError(.cannotOpen, "\(path): cannot create the log (\(describe(error)))"))
            }
            return
        }
        if readOnly {
            guard try pool.read(Schema.migrator.hasCompletedMigrations) else {
                throw EventLogError(
                    .cannotOpen,
                    "\(path): log format \(format) is older than this build's (\(Schema.formatVersion)) and is upgraded where it is opened for writing; it is read-only here, so copy it to a writable place"
                )
            }
            return
        }
        // An older log is upgraded in place (each migration only adds; none is pending on an up-to-date log).
        do {
            try Schema.migrator.migrate(pool)
        } catch {
            throw SchemaInProgress(
                problem: EventLogError(.cannotOpen, "\(path): cannot upgrade the log (format \(format)) to this build's schema (\(describe(error)))")
            )
        }
    }
}
