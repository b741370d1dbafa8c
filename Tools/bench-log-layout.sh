#!/usr/bin/env bash
# `make bench-log-layout`: what storing events in blocks of many per row would save against the
# log's row per event, on the default simulation's events (Tools/log-layout/blocks.c); writes
# bench-out/log-layout.md. A measurement for a design decision: the log itself is not changed.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench-out
log=bench-out/log-layout-input.sqlite
rm -f "$log" "$log-wal" "$log-shm"
.build/release/platform simulate --log "$log" > /dev/null
${CC:-cc} -O2 -o bench-out/log-layout Tools/log-layout/blocks.c -lsqlite3 -lzstd
bench-out/log-layout "$log" bench-out | tee bench-out/log-layout.md
