// jemalloc reads the options a binary defines in `malloc_conf` when it starts, before
// `MALLOC_CONF` from the environment (which can still override them).
//
// dirty_decay_ms:1000 — freed pages go back to the system after a second unused, not 10 s: a
// run frees large buffers in bursts (its snapshots' encodings). A replay keeps them instead
// (`Allocator.keepFreedPages()`).
//
// jemalloc's huge-page allocator (`hpa:true`) is deliberately left off, although it took 1–4 %
// off the CPU per simulated event: in jemalloc 5.3.0 (Debian's) a thread freeing memory can spin
// forever in `hpa_shard_maybe_do_deferred_work`, holding the shard's lock, when the shard should
// purge but has no page it may purge (jemalloc issues #2449 and #2632, fixed after 5.3.0). A
// 2 000 000-rider run hung that way a minute in, its writer spinning inside `sqlite3_free`.
#include "CJemallocSettings.h"

const char *malloc_conf = "dirty_decay_ms:1000";
