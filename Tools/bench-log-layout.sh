#!/usr/bin/env bash
# `make bench-log-layout`: what storing payloads in blocks (the log's format 6) and whole events
# in blocks of many per row would save against a row per event with its payload compressed
# alone, on the default simulation's events (Tools/log-layout/blocks.c); writes
# bench-out/log-layout.md.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench-out
log=bench-out/log-layout-input.sqlite
rm -f "$log" "$log-wal" "$log-shm"
.build/release/platform simulate --log "$log" > /dev/null
${CC:-cc} -O2 -o bench-out/log-layout Tools/log-layout/blocks.c -lsqlite3 -lzstd
bench-out/log-layout "$log" bench-out | tee bench-out/log-layout.md
