// `make bench-log-layout`: what storing events in blocks would save, measured on a simulation
// log's own events with SQLite's and zstd's C APIs (no Swift). Three layouts of the same events,
// appended in transactions of 1 000:
//
// - rows (the log's layout before format 6): a row per event, its payload compressed alone against
//   the log's first payload dictionary (zstd level 3, magicless frames, as `PayloadCompressor` does);
// - payload blocks of N (format 6, N = 32): a row per event as before, but the payloads of N
//   events compressed together into a row of their own;
// - blocks of N: a row per N events, their envelopes (varints), payloads and chain hashes in one
//   zstd frame (not adopted: see the README's "Scale and speed").
//
// Both write the same columns' worth of bytes and keep a 32-byte chain hash per event; neither
// writes the per-stream index, which either layout needs. CPU time of this process, per event.
//
// Usage: log-layout LOG SCRATCH-DIRECTORY   (LOG written by `platform simulate`; two scratch databases go in the directory)
#include <sqlite3.h>
#include <zstd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    long long seq, stream, position, type, version, recordedAt;
    unsigned char *payload;
    int size;
    unsigned char hash[32];
} Event;

static Event *events;
static int eventCount;
static void *dictionary;
static size_t dictionarySize;

static double cpuSeconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void fail(const char *path, const char *what) {
    fprintf(stderr, "bench-log-layout: %s: %s\n", path, what);
    exit(1);
}

// ZSTD_d_format / ZSTD_c_format (experimental parameters): frames without the magic number.
enum { magicless = 1 };

/// The LEB128 varint at `*in`, moving past it.
static unsigned long long readVarint(const unsigned char **in) {
    unsigned long long value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        unsigned char byte = *(*in)++;
        value |= (unsigned long long)(byte & 127) << shift;
        if (byte < 128) break;
    }
    return value;
}

/// Payload `index` of the payload block `data` (decompressed: a count, the lengths, the bytes), its size in `*size`.
static const unsigned char *blockPayload(const unsigned char *data, long long index, size_t *size) {
    const unsigned char *in = data;
    unsigned long long count = readVarint(&in), offset = 0;
    for (unsigned long long i = 0; i < count; i++) {
        unsigned long long length = readVarint(&in);
        if ((long long)i < index) offset += length;
        if ((long long)i == index) *size = length;
    }
    return in + offset;
}

/// Every event of the log at `path`, payloads decompressed (alone or from their payload blocks).
static void load(const char *path) {
    sqlite3 *db;
    sqlite3_stmt *s;
    if (access(path, R_OK) != 0) fail(path, "no such file");
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, 0) != SQLITE_OK) fail(path, "cannot open");
    if (sqlite3_prepare_v2(db, "SELECT data FROM payload_dictionaries ORDER BY id LIMIT 1", -1, &s, 0) != SQLITE_OK)
        fail(path, "not an event log with payload dictionaries");
    if (sqlite3_step(s) != SQLITE_ROW) fail(path, "no payload dictionary (a log of at least 100 000 events is needed)");
    dictionarySize = sqlite3_column_bytes(s, 0);
    dictionary = malloc(dictionarySize);
    memcpy(dictionary, sqlite3_column_blob(s, 0), dictionarySize);
    sqlite3_finalize(s);

    ZSTD_DCtx *context = ZSTD_createDCtx();
    ZSTD_DCtx_setParameter(context, ZSTD_d_experimentalParam1, magicless);
    ZSTD_DCtx_loadDictionary(context, dictionary, dictionarySize);
    sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM events", -1, &s, 0);
    sqlite3_step(s);
    events = malloc(sizeof(Event) * (sqlite3_column_int64(s, 0) + 1));
    sqlite3_finalize(s);
    if (sqlite3_prepare_v2(db, "SELECT seq, stream_id, position, type_id, schema_version, recorded_at, payload, "
                               "payload_dictionary, hash, payload_block FROM events ORDER BY seq", -1, &s, 0) != SQLITE_OK)
        fail(path, "not an event log of format 6 or later");
    sqlite3_stmt *blockQuery;
    sqlite3_prepare_v2(db, "SELECT data, dictionary FROM payload_blocks WHERE first_seq = ?", -1, &blockQuery, 0);
    static unsigned char buffer[1 << 20], block[1 << 20];
    long long blockFirst = 0;
    while (sqlite3_step(s) == SQLITE_ROW) {
        Event *e = &events[eventCount++];
        e->seq = sqlite3_column_int64(s, 0);
        e->stream = sqlite3_column_int64(s, 1);
        e->position = sqlite3_column_int64(s, 2);
        e->type = sqlite3_column_int64(s, 3);
        e->version = sqlite3_column_int64(s, 4);
        e->recordedAt = sqlite3_column_int64(s, 5);
        const void *stored = sqlite3_column_blob(s, 6);
        size_t size = sqlite3_column_bytes(s, 6);
        if (sqlite3_column_type(s, 9) != SQLITE_NULL) {
            long long first = sqlite3_column_int64(s, 9);
            if (first != blockFirst) {
                sqlite3_bind_int64(blockQuery, 1, first);
                if (sqlite3_step(blockQuery) != SQLITE_ROW || sqlite3_column_int64(blockQuery, 1) != 1)
                    fail(path, "a payload block is missing or not compressed with the first dictionary");
                size_t got = ZSTD_decompressDCtx(context, block, sizeof block, sqlite3_column_blob(blockQuery, 0),
                                                 sqlite3_column_bytes(blockQuery, 0));
                if (ZSTD_isError(got)) fail(path, "a payload block does not decompress with the first dictionary");
                sqlite3_reset(blockQuery);
                blockFirst = first;
            }
            stored = blockPayload(block, e->seq - first, &size);
        } else if (sqlite3_column_type(s, 7) != SQLITE_NULL) {
            if (sqlite3_column_int64(s, 7) != 1) fail(path, "a payload is not compressed with the first dictionary");
            size = ZSTD_decompressDCtx(context, buffer, sizeof buffer, stored, size);
            if (ZSTD_isError(size)) fail(path, "a payload does not decompress with the first dictionary");
            stored = buffer;
        }
        e->payload = malloc(size);
        memcpy(e->payload, stored, size);
        e->size = (int)size;
        memcpy(e->hash, sqlite3_column_blob(s, 8), 32);
    }
    sqlite3_finalize(s);
    sqlite3_finalize(blockQuery);
    ZSTD_freeDCtx(context);
    sqlite3_close(db);
}

/// A new database at `path` with the log's settings (16 KB pages, WAL, NORMAL, 8 MB cache).
static sqlite3 *create(const char *path, const char *schema) {
    char wal[4096];
    snprintf(wal, sizeof wal, "%s-wal", path);
    unlink(path);
    unlink(wal);
    sqlite3 *db;
    if (sqlite3_open(path, &db) != SQLITE_OK) fail(path, "cannot create");
    sqlite3_exec(db, "PRAGMA page_size = 16384; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; "
                     "PRAGMA cache_size = -8192;", 0, 0, 0);
    if (sqlite3_exec(db, schema, 0, 0, 0) != SQLITE_OK) fail(path, sqlite3_errmsg(db));
    return db;
}

static ZSTD_CCtx *compressor(int level, int withDictionary) {
    ZSTD_CCtx *context = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level);
    if (withDictionary) ZSTD_CCtx_refCDict(context, ZSTD_createCDict(dictionary, dictionarySize, level));
    ZSTD_CCtx_setParameter(context, ZSTD_c_experimentalParam2, magicless);
    ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 0);
    ZSTD_CCtx_setParameter(context, ZSTD_c_dictIDFlag, 0);
    return context;
}

static void varint(unsigned char **out, unsigned long long value) {
    while (value >= 128) {
        *(*out)++ = (unsigned char)(value | 128);
        value >>= 7;
    }
    *(*out)++ = (unsigned char)value;
}

static long long fileSize(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return 0;
    fseek(file, 0, SEEK_END);
    long long size = ftell(file);
    fclose(file);
    return size;
}

enum { transaction = 1000 };

static void step(sqlite3_stmt *insert) {
    sqlite3_step(insert);
    sqlite3_reset(insert);
}

/// Closes `db` and prints a layout's row of the table: CPU per event, and the file's bytes per event.
static void finish(sqlite3 *db, sqlite3_stmt *insert, const char *layout, double total, double zstd, const char *path) {
    sqlite3_finalize(insert);
    sqlite3_close(db);
    printf("| %s | %.2f | %.2f | %.2f | %.1f |\n", layout, total / eventCount * 1e6, zstd / eventCount * 1e6,
           (total - zstd) / eventCount * 1e6, (double)fileSize(path) / eventCount);
}

/// The log's `events` table (format 6).
static const char *eventsTable =
    "CREATE TABLE events(seq INTEGER PRIMARY KEY, stream_id INTEGER NOT NULL, position INTEGER NOT NULL, "
    "type_id INTEGER NOT NULL, schema_version INTEGER NOT NULL, recorded_at INTEGER NOT NULL, correlation_id TEXT, "
    "causation_id TEXT, idempotency_key TEXT, payload BLOB NOT NULL, hash BLOB NOT NULL, payload_dictionary INTEGER, "
    "payload_block INTEGER);"
    "CREATE UNIQUE INDEX events_by_idempotency_key ON events(idempotency_key) WHERE idempotency_key IS NOT NULL;";

/// A row per event, each payload compressed alone against the dictionary.
static void rows(const char *path) {
    sqlite3 *db = create(path, eventsTable);
    ZSTD_CCtx *context = compressor(3, 1);
    sqlite3_stmt *insert;
    sqlite3_prepare_v3(db, "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, NULL, ?, ?, 1, NULL)", -1,
                       SQLITE_PREPARE_PERSISTENT, &insert, 0);
    static unsigned char out[1 << 21];
    double zstd = 0, start = cpuSeconds();
    for (int first = 0; first < eventCount; first += transaction) {
        sqlite3_exec(db, "BEGIN", 0, 0, 0);
        for (int i = first; i < first + transaction && i < eventCount; i++) {
            Event *e = &events[i];
            double before = cpuSeconds();
            size_t size = ZSTD_compress2(context, out, sizeof out, e->payload, e->size);
            zstd += cpuSeconds() - before;
            sqlite3_bind_int64(insert, 1, e->seq);
            sqlite3_bind_int64(insert, 2, e->stream);
            sqlite3_bind_int64(insert, 3, e->position);
            sqlite3_bind_int64(insert, 4, e->type);
            sqlite3_bind_int64(insert, 5, e->version);
            sqlite3_bind_int64(insert, 6, e->recordedAt);
            sqlite3_bind_blob(insert, 7, out, (int)size, SQLITE_STATIC);
            sqlite3_bind_blob(insert, 8, e->hash, 32, SQLITE_STATIC);
            step(insert);
        }
        sqlite3_exec(db, "COMMIT", 0, 0, 0);
    }
    finish(db, insert, "a row per event, each payload alone (before format 6)", cpuSeconds() - start, zstd, path);
}

/// A row per event, its payload in a block of `size` events' payloads (format 6): one zstd frame
/// (at `level`, with or without the dictionary) of their lengths and bytes, in a row of its own.
static void payloadBlocks(const char *path, int size, int level, int withDictionary) {
    sqlite3 *db = create(path, eventsTable);
    sqlite3_exec(db, "CREATE TABLE payload_blocks(first_seq INTEGER PRIMARY KEY, dictionary INTEGER, data BLOB NOT NULL);", 0, 0, 0);
    ZSTD_CCtx *context = compressor(level, withDictionary);
    sqlite3_stmt *insert, *insertBlock;
    sqlite3_prepare_v3(db, "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, NULL, x'', ?, NULL, ?)", -1,
                       SQLITE_PREPARE_PERSISTENT, &insert, 0);
    sqlite3_prepare_v3(db, "INSERT INTO payload_blocks VALUES (?, 1, ?)", -1, SQLITE_PREPARE_PERSISTENT, &insertBlock, 0);
    size_t room = (size_t)size * (1 << 20);
    unsigned char *raw = malloc(room), *out = malloc(ZSTD_compressBound(room));
    double zstd = 0, start = cpuSeconds();
    for (int first = 0; first < eventCount; first += transaction) {
        sqlite3_exec(db, "BEGIN", 0, 0, 0);
        int end = first + transaction < eventCount ? first + transaction : eventCount;
        for (int block = first; block < end; block += size) {
            unsigned char *o = raw;
            int last = block + size < end ? block + size : end;
            for (int i = block; i < last; i++) varint(&o, events[i].size);
            for (int i = block; i < last; i++) {
                memcpy(o, events[i].payload, events[i].size);
                o += events[i].size;
            }
            double before = cpuSeconds();
            size_t compressed = ZSTD_compress2(context, out, ZSTD_compressBound(o - raw), raw, o - raw);
            zstd += cpuSeconds() - before;
            sqlite3_bind_int64(insertBlock, 1, events[block].seq);
            sqlite3_bind_blob(insertBlock, 2, out, (int)compressed, SQLITE_STATIC);
            step(insertBlock);
            for (int i = block; i < last; i++) {
                Event *e = &events[i];
                sqlite3_bind_int64(insert, 1, e->seq);
                sqlite3_bind_int64(insert, 2, e->stream);
                sqlite3_bind_int64(insert, 3, e->position);
                sqlite3_bind_int64(insert, 4, e->type);
                sqlite3_bind_int64(insert, 5, e->version);
                sqlite3_bind_int64(insert, 6, e->recordedAt);
                sqlite3_bind_blob(insert, 7, e->hash, 32, SQLITE_STATIC);
                sqlite3_bind_int64(insert, 8, events[block].seq);
                step(insert);
            }
        }
        sqlite3_exec(db, "COMMIT", 0, 0, 0);
    }
    double total = cpuSeconds() - start;
    free(raw);
    free(out);
    sqlite3_finalize(insertBlock);
    char layout[128];
    snprintf(layout, sizeof layout, "a row per event, payloads in blocks of %d, level %d%s", size, level, withDictionary ? ", dictionary" : "");
    finish(db, insert, layout, total, zstd, path);
}

/// A row per `size` events, in one zstd frame at `level`.
static void blocks(const char *path, int size, int level, int withDictionary) {
    sqlite3 *db = create(path, "CREATE TABLE blocks(first_seq INTEGER PRIMARY KEY, count INTEGER NOT NULL, "
                               "data BLOB NOT NULL, last_hash BLOB NOT NULL);");
    ZSTD_CCtx *context = compressor(level, withDictionary);
    sqlite3_stmt *insert;
    sqlite3_prepare_v3(db, "INSERT INTO blocks VALUES (?, ?, ?, ?)", -1, SQLITE_PREPARE_PERSISTENT, &insert, 0);
    size_t room = (size_t)size * (1 << 20);
    unsigned char *raw = malloc(room), *out = malloc(ZSTD_compressBound(room));
    double zstd = 0, start = cpuSeconds();
    for (int first = 0; first < eventCount; first += transaction) {
        sqlite3_exec(db, "BEGIN", 0, 0, 0);
        int end = first + transaction < eventCount ? first + transaction : eventCount;
        for (int block = first; block < end; block += size) {
            unsigned char *o = raw;
            int count = 0;
            for (int i = block; i < block + size && i < end; i++, count++) {
                Event *e = &events[i];
                varint(&o, e->stream);
                varint(&o, e->position);
                varint(&o, e->type);
                varint(&o, e->version);
                varint(&o, e->recordedAt);
                varint(&o, e->size);
                memcpy(o, e->payload, e->size);
                o += e->size;
                memcpy(o, e->hash, 32);
                o += 32;
            }
            double before = cpuSeconds();
            size_t compressed = ZSTD_compress2(context, out, ZSTD_compressBound(o - raw), raw, o - raw);
            zstd += cpuSeconds() - before;
            sqlite3_bind_int64(insert, 1, events[block].seq);
            sqlite3_bind_int(insert, 2, count);
            sqlite3_bind_blob(insert, 3, out, (int)compressed, SQLITE_STATIC);
            sqlite3_bind_blob(insert, 4, events[block + count - 1].hash, 32, SQLITE_STATIC);
            step(insert);
        }
        sqlite3_exec(db, "COMMIT", 0, 0, 0);
    }
    double total = cpuSeconds() - start;
    free(raw);
    free(out);
    char layout[128];
    snprintf(layout, sizeof layout, "blocks of %d, level %d%s", size, level, withDictionary ? ", dictionary" : "");
    finish(db, insert, layout, total, zstd, path);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: log-layout LOG SCRATCH-DIRECTORY\n");
        return 2;
    }
    load(argv[1]);
    char rowsPath[4096], blocksPath[4096];
    snprintf(rowsPath, sizeof rowsPath, "%s/layout-rows.sqlite", argv[2]);
    snprintf(blocksPath, sizeof blocksPath, "%s/layout-blocks.sqlite", argv[2]);
    printf("%d events of %s; CPU microseconds per event (each layout twice, alternating)\n\n", eventCount, argv[1]);
    printf("| layout | in all | zstd | SQLite and the rest | bytes per event on disk |\n|---|---|---|---|---|\n");
    // Twice, alternating: the VM is shared, so compare within a round.
    for (int round = 0; round < 2; round++) {
        rows(rowsPath);
        payloadBlocks(blocksPath, 16, 3, 1);
        payloadBlocks(blocksPath, 32, 3, 1);
        payloadBlocks(blocksPath, 32, 1, 1);
        payloadBlocks(blocksPath, 32, 3, 0);
        payloadBlocks(blocksPath, 64, 3, 1);
        blocks(blocksPath, 100, 3, 1);
        blocks(blocksPath, 100, 3, 0);
        blocks(blocksPath, 1000, 3, 0);
    }
    unlink(rowsPath);
    unlink(blocksPath);
    return 0;
}
