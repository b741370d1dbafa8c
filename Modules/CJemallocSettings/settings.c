// jemalloc reads the options a binary defines in `malloc_conf` when it starts, before
// `MALLOC_CONF` from the environment (which can still override them).
//
// hpa:true — jemalloc's huge-page allocator: small allocations come from 2 MB slabs, and a slab
// is backed by a huge page once it is ~95 % used (fewer TLB misses); hpa_hugify_delay_ms:0 — at
// once rather than 10 s later. Measured: 1–4 % less CPU per simulated event for at most ~3 % more
// peak memory, where `thp:always` (every mapping huge) took 11 % more (see the README's
// "Scale and speed").
// dirty_decay_ms:1000 — freed pages go back to the system after a second unused, not 10 s: a
// run frees large buffers in bursts (its snapshots' encodings). A replay keeps them instead
// (`Allocator.keepFreedPages()`).
#include "CJemallocSettings.h"

const char *malloc_conf = "hpa:true,hpa_hugify_delay_ms:0,dirty_decay_ms:1000";
