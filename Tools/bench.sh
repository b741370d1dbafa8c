#!/usr/bin/env bash
# `make bench`: the event log's benchmarks in a release build, side by side with their baselines.
# Writes the table to bench-out/results.md (copy it into the README with the date).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench-out
PEER_EVENTS=${PEER_EVENTS:-1000000}
BIG_EVENTS=${BIG_EVENTS:-10000000}
peer_args=()
if bash Tools/bench/setup_peer.sh .venv-bench; then
  .venv-bench/bin/python Tools/bench/eventsourcing_peer.py --db bench-out/peer.sqlite --events "$PEER_EVENTS" --out bench-out/peer.json
  peer_args=(--peer bench-out/peer.json)
else
  echo "bench: the eventsourcing peer could not be installed; its rows are left out" >&2
fi
sync
.build/release/eventlog-bench run --dir bench-out --big-events "$BIG_EVENTS" "${peer_args[@]}" | tee bench-out/results.md
