extension SQLiteEventLog {
    /// The files of the log at `path`: the database, and the write-ahead log and its index that
    /// SQLite keeps beside it.
    public static func files(of path: String) -> [String] {
        [path, path + "-wal", path + "-shm"]
    }
}
