import GRDB

/// The log's tables. Migrations are only ever added, never edited.
enum Schema {
    /// The newest on-disk format this code reads and writes.
    static let formatVersion = 7

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL);
                INSERT INTO meta(key, value) VALUES ('format_version', 1), ('indexed_through', 0);
                CREATE TABLE streams(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, version INTEGER NOT NULL);
                CREATE TABLE event_types(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                CREATE TABLE events(
                    seq INTEGER PRIMARY KEY,
                    stream_id INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    type_id INTEGER NOT NULL,
                    schema_version INTEGER NOT NULL,
                    recorded_at INTEGER NOT NULL,
                    correlation_id TEXT,
                    causation_id TEXT,
                    idempotency_key TEXT,
                    payload BLOB NOT NULL,
                    hash BLOB NOT NULL
                );
                CREATE UNIQUE INDEX events_by_idempotency_key ON events(idempotency_key) WHERE idempotency_key IS NOT NULL;
                CREATE TRIGGER events_are_append_only_update BEFORE UPDATE ON events
                    BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE refused'); END;
                CREATE TRIGGER events_are_append_only_delete BEFORE DELETE ON events
                    BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE refused'); END;
                CREATE TABLE index_runs(first_seq INTEGER PRIMARY KEY, last_seq INTEGER NOT NULL);
                CREATE TABLE stream_runs(
                    run INTEGER NOT NULL,
                    stream_id INTEGER NOT NULL,
                    seqs BLOB NOT NULL,
                    PRIMARY KEY(run, stream_id)
                ) WITHOUT ROWID;
                CREATE TABLE snapshots(
                    id INTEGER PRIMARY KEY,
                    projection TEXT NOT NULL,
                    projection_version INTEGER NOT NULL,
                    sequence INTEGER NOT NULL,
                    state_size INTEGER NOT NULL,
                    checksum BLOB NOT NULL,
                    data BLOB NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX snapshots_by_projection ON snapshots(projection, sequence);
                CREATE VIEW events_view AS
                    SELECT e.seq, s.name AS stream, e.position, t.name AS type, e.schema_version,
                           e.recorded_at, e.correlation_id, e.causation_id, e.idempotency_key,
                           length(e.payload) AS payload_size, hex(e.hash) AS hash
                    FROM events e JOIN streams s ON s.id = e.stream_id JOIN event_types t ON t.id = e.type_id;
                """)
        }
        // Payloads compressed against a dictionary name it; NULL for a payload stored as it is.
        migrator.registerMigration("v2") { db in
            try db.execute(sql: """
                CREATE TABLE payload_dictionaries(id INTEGER PRIMARY KEY, first_seq INTEGER NOT NULL, data BLOB NOT NULL);
                ALTER TABLE events ADD COLUMN payload_dictionary INTEGER;
                UPDATE meta SET value = 2 WHERE key = 'format_version';
                """)
        }
        // Listing snapshots reads `created_at`, which a row stores after its blob: without this
        // covering index SQLite walks every snapshot's overflow pages to reach it (a 2 000 000-rider
        // log's listing read 10 GB). The format is unchanged: older builds read such a log.
        migrator.registerMigration("v3") { db in
            try db.execute(sql: """
                CREATE INDEX snapshots_listing ON snapshots(projection, sequence, id, projection_version, state_size, created_at);
                """)
        }
        // A snapshot's checksum is the SHA-256 of its stored (compressed) bytes, checked before
        // they are decompressed: a third to a fifth of the bytes the encoded state has. Snapshots
        // written before keep the SHA-256 of their encoded state (`checksum_of` 'state').
        migrator.registerMigration("v4") { db in
            try db.execute(sql: """
                ALTER TABLE snapshots ADD COLUMN checksum_of TEXT NOT NULL DEFAULT 'state';
                UPDATE meta SET value = 3 WHERE key = 'format_version';
                """)
        }
        // A snapshot is checked by its zstd frame's content checksum, computed as it decompresses
        // (`checksum_of` 'frame', `checksum` empty). Snapshots written before keep their SHA-256;
        // older builds refuse the log instead of failing on those checks.
        migrator.registerMigration("v5") { db in
            try db.execute(sql: "UPDATE meta SET value = 4 WHERE key = 'format_version';")
        }
        // A snapshot's stored bytes go to a table of their own, as the only column after the key,
        // written in pieces through SQLite's incremental blob I/O into a zero-filled blob: SQLite
        // no longer builds the whole row in memory (a copy of the compressed state, ~140 MB for
        // the onboarding accounts of 2 000 000 riders). Snapshots written before keep their
        // bytes in `snapshots.data`; a new row there has an empty `data`.
        migrator.registerMigration("v6") { db in
            try db.execute(sql: """
                CREATE TABLE snapshot_data(snapshot_id INTEGER PRIMARY KEY, data BLOB NOT NULL);
                UPDATE meta SET value = 5 WHERE key = 'format_version';
                """)
        }
        // The payloads of consecutive events compressed together (``PayloadBlock``), one zstd
        // call for up to 32 of them: an event in a block has an empty `payload` and names the
        // block by its first sequence. Older builds refuse the log instead of reading those
        // payloads as empty.
        migrator.registerMigration("v7") { db in
            try db.execute(sql: """
                CREATE TABLE payload_blocks(first_seq INTEGER PRIMARY KEY, dictionary INTEGER NOT NULL, data BLOB NOT NULL);
                CREATE TRIGGER payload_blocks_are_append_only_update BEFORE UPDATE ON payload_blocks
                    BEGIN SELECT RAISE(ABORT, 'payload blocks are append-only: UPDATE refused'); END;
                CREATE TRIGGER payload_blocks_are_append_only_delete BEFORE DELETE ON payload_blocks
                    BEGIN SELECT RAISE(ABORT, 'payload blocks are append-only: DELETE refused'); END;
                ALTER TABLE events ADD COLUMN payload_block INTEGER;
                DROP VIEW events_view;
                CREATE VIEW events_view AS
                    SELECT e.seq, s.name AS stream, e.position, t.name AS type, e.schema_version,
                           e.recorded_at, e.correlation_id, e.causation_id, e.idempotency_key,
                           CASE WHEN e.payload_block IS NULL THEN length(e.payload) END AS payload_size,
                           e.payload_block, hex(e.hash) AS hash
                    FROM events e JOIN streams s ON s.id = e.stream_id JOIN event_types t ON t.id = e.type_id;
                UPDATE meta SET value = 6 WHERE key = 'format_version';
                """)
        }
        // Whole events in blocks (``EventBlock``): up to `eventsPerBlock` consecutive events of a
        // batch in one row, compressed together against the newest payload dictionary (or stored
        // as they are: `dictionary` NULL), with the chain hash of the block's last event. Every
        // event appended from this format on goes to a block; the rows of `events` (and
        // `payload_blocks`) written before stay and are read as they were, all before the first
        // block. Idempotency keys of events in blocks are in `idempotency_keys`. `events_view`
        // shows the rows only: `eventlog export` reads every event. Older builds refuse the log.
        migrator.registerMigration("v8") { db in
            try db.execute(sql: """
                CREATE TABLE event_blocks(
                    first_seq INTEGER PRIMARY KEY,
                    last_seq INTEGER NOT NULL,
                    dictionary INTEGER,
                    last_hash BLOB NOT NULL,
                    data BLOB NOT NULL
                );
                CREATE TRIGGER event_blocks_are_append_only_update BEFORE UPDATE ON event_blocks
                    BEGIN SELECT RAISE(ABORT, 'event blocks are append-only: UPDATE refused'); END;
                CREATE TRIGGER event_blocks_are_append_only_delete BEFORE DELETE ON event_blocks
                    BEGIN SELECT RAISE(ABORT, 'event blocks are append-only: DELETE refused'); END;
                CREATE TABLE idempotency_keys(key TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID;
                UPDATE meta SET value = 7 WHERE key = 'format_version';
                """)
        }
        return migrator
    }
}
