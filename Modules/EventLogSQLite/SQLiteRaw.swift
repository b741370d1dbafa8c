import GRDB
import GRDBSQLite

/// Thin helpers for the two hot loops (append, scan) that talk to SQLite's C API directly.
enum SQLiteRaw {
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Binds `text` by its UTF-8 byte count, never cut at a NUL byte; nil binds NULL.
    static func bind(_ statement: OpaquePointer, _ index: Int32, _ text: String?) {
        guard var text else {
            sqlite3_bind_null(statement, index)
            return
        }
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                // SQLite binds NULL for a nil pointer: an empty text gets a pointer of its own.
                guard let start = characters.baseAddress else { return _ = sqlite3_bind_text(statement, index, "", 0, transient) }
                _ = sqlite3_bind_text64(statement, index, start, sqlite3_uint64(characters.count), transient, UInt8(SQLITE_UTF8))
            }
        }
    }

    /// The column's text, all its bytes (a NUL byte does not end it); nil for NULL.
    static func text(_ statement: OpaquePointer, _ index: Int32) -> String? {
        guard let pointer = sqlite3_column_text(statement, index) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    static func blob(_ statement: OpaquePointer, _ index: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, index))
        guard count > 0, let pointer = sqlite3_column_blob(statement, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// Large blobs are read and written in pieces of this many bytes, never copied whole.
    static let blobPiece = 1 << 20

    /// Writes `bytes` over the start of the blob in `table`.`column` of row `row` (made with
    /// `zeroblob`), a piece at a time.
    static func writeBlob(_ bytes: UnsafeRawBufferPointer, table: String, column: String, row: Int64, _ db: Database) throws {
        try withBlob(table, column, row, writable: true, db) { blob in
            for offset in stride(from: 0, to: bytes.count, by: blobPiece) {
                let count = min(blobPiece, bytes.count - offset)
                try check(sqlite3_blob_write(blob, bytes.baseAddress! + offset, Int32(count), Int32(offset)), db)
            }
        }
    }

    /// Calls `body` with the blob in `table`.`column` of row `row`, a piece at a time, in order
    /// (reading the column would copy it whole).
    static func readBlob(table: String, column: String, row: Int64, _ db: Database, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try withBlob(table, column, row, writable: false, db) { blob in
            let size = Int(sqlite3_blob_bytes(blob))
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, min(blobPiece, size)), alignment: 16)
            defer { buffer.deallocate() }
            for offset in stride(from: 0, to: size, by: buffer.count) {
                let count = min(buffer.count, size - offset)
                try check(sqlite3_blob_read(blob, buffer.baseAddress, Int32(count), Int32(offset)), db)
                try body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }

    /// Runs `body` with an incremental-I/O handle on the blob in `table`.`column` of row `row`.
    private static func withBlob(_ table: String, _ column: String, _ row: Int64, writable: Bool, _ db: Database, _ body: (OpaquePointer?) throws -> Void) throws {
        var blob: OpaquePointer?
        try check(sqlite3_blob_open(db.sqliteConnection, "main", table, column, row, writable ? 1 : 0, &blob), db)
        defer { sqlite3_blob_close(blob) }
        try body(blob)
    }

    /// Throws GRDB's error for a result code other than `SQLITE_OK`.
    private static func check(_ code: Int32, _ db: Database) throws {
        guard code != SQLITE_OK else { return }
        throw error(code, db)
    }

    /// GRDB's error for result code `code`, with the connection's message.
    private static func error(_ code: Int32, _ db: Database) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
    }

    /// Steps `statement`; true for a row, false when done; throws GRDB's error otherwise.
    static func step(_ statement: OpaquePointer, _ db: Database) throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            throw error(code, db)
        }
    }
}
