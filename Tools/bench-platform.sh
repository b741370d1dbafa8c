#!/usr/bin/env bash
# `make bench-platform`: the city simulation at scale, in a release build.
# The issue's large run is 2 000 000 riders, 50 000 drivers, 24 virtual hours; the default here is a
# tenth of the riders (PLATFORM_RIDERS etc. override it) so `make bench` finishes on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
RIDERS=${PLATFORM_RIDERS:-200000}
DRIVERS=${PLATFORM_DRIVERS:-5000}
HOURS=${PLATFORM_HOURS:-24}
mkdir -p bench-out
log=bench-out/platform.sqlite
rm -f "$log" "$log-wal" "$log-shm"
out=$(.build/release/platform simulate --riders "$RIDERS" --drivers "$DRIVERS" --hours "$HOURS" --log "$log" --snapshot-every 1000000)
run=$(grep '^run: ' <<<"$out")
.build/release/platform replay --log "$log" > bench-out/platform-replay.txt
replay=$(awk '/^replay: / {print $2}' bench-out/platform-replay.txt)
events=$(awk '{print $2}' <<<"$run")
seconds=$(awk '{print $5}' <<<"$run")
rate=$(awk '{print $7}' <<<"$run" | tr -d '(')
rss=$(awk '{print $(NF-1)}' <<<"$run")
size=$(du -m "$log" | cut -f1)
{
  echo "| city simulation ($RIDERS riders, $DRIVERS drivers, $HOURS h) | value | target |"
  echo "|---|---|---|"
  echo "| events | $events | |"
  echo "| wall time (simulation + appending to the log) | $seconds s | |"
  echo "| events/s end to end (a simulation thread and a log-writer thread) | $rate | ≥ 300 000 |"
  echo "| peak RSS | $rss MB | < 2 GB |"
  echo "| replay of the whole summary from the newest snapshots | $replay s | < 2 s |"
  echo "| log size | $size MB | |"
} | tee bench-out/platform.md
diff <(grep -v '^run: \|^report: ' <<<"$out") <(grep -v '^replay: ' bench-out/platform-replay.txt) > /dev/null && echo "replay printed the same summary as the run" || echo "replay summary DIFFERS from the run"
