import EventLog
import Foundation
import GRDB
import GRDBSQLite
import PlatformKit

extension SQLiteEventLog {
    /// Opens the log at `path` without writing into it; first upgrades it when `upgrading` and it
    /// is of an older format (the caller may write it).
    ///
    /// SQLite reads a WAL-mode log through a `-shm` index beside it, which it makes (with an
    /// empty `-wal`) when missing and the directory may be written: the reader then sees what a
    /// live writer commits. Where nothing can be made beside it (read-only media), a log without
    /// a `-wal` holds all its events in the file, which is opened immutable: no index, no locks;
    /// one whose `-wal` holds events cannot be read without its `-shm`.
    static func openReadOnly(path: String, configuration: Configuration, upgrading: Bool) throws -> DatabasePool {
        var configuration = configuration
        configuration.readonly = true
        let (wal, shm) = (path + "-wal", path + "-shm")
        let canMakeIndex = access(directory(of: path), W_OK) == 0
        let throughIndex = canMakeIndex || (FileManager.default.fileExists(atPath: wal) && FileManager.default.fileExists(atPath: shm))
        if !throughIndex && fileSize(wal) > 0 {
            throw EventLogError(
                .cannotOpen,
                "\(path): cannot open read-only: its -wal file holds events not yet copied into the log, and SQLite must make a -shm file beside it to read them; copy the log with its -wal to a writable place"
            )
        }
        do {
            if upgrading { try upgradeIfOlder(path: path, configuration: configuration) }
            // A SQLite built without URIs would take the URI for a file name: it then reads
            // through an index it makes, which needs a writable directory.
            let immutable = !throughIndex && sqlite3_compileoption_used("USE_URI") == 1
            let pool = try DatabasePool(path: immutable ? immutableURI(path) : path, configuration: configuration)
            do {
                try checkFormat(pool, path: path, mayCreate: false, readOnly: true)
            } catch let error as SchemaInProgress {
                try? pool.close()
                throw error.problem
            } catch {
                try? pool.close()
                throw error
            }
            return pool
        } catch let error as EventLogError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB || isLocked(error) {
            throw mapped(error, path: path)
        } catch {
            throw EventLogError(.cannotOpen, "\(path): not an event log (\(describe(error)))")
        }
    }

    /// Throws ``EventLogError`` `.storage`, naming why, when the log was opened read-only: what
    /// would write finds out before it reads its input.
    public func requireWritable() throws {
        guard let readOnlyReason else { return }
        throw EventLogError(.storage, "\(path): cannot write: \(readOnlyReason)")
    }

    /// Why the existing log at `path` must be opened read-only, if it must.
    static func readOnlyReason(path: String, asked: Bool) -> String? {
        if asked { return "it was opened read-only" }
        if access(directory(of: path), W_OK) != 0 {
            return "its directory is read-only (\(systemReason(code: errno)))"
        }
        if access(path, W_OK) != 0 { return "the file is read-only (\(systemReason(code: errno)))" }
        return nil
    }

    /// SQLite's URI for `path` opened immutable.
    private static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return "file:\(escaped)?immutable=1"
    }

    private static func fileSize(_ path: String) -> Int64 {
        var status = stat()
        return stat(path, &status) == 0 ? Int64(status.st_size) : 0
    }
}
