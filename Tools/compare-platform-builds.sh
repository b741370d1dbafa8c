#!/usr/bin/env bash
# Compares two `platform` binaries on the first minutes of a large city, alternating them.
#
#   Tools/compare-platform-builds.sh OLD NEW [ROUNDS]
#
# Each round runs OLD and NEW (each first in turn: use an even ROUNDS) for COMPARE_SECONDS (230)
# each, alone, and kills each with SIGKILL; each thread's CPU time is read from /proc just before,
# and the events appended are counted in the log after. It prints a Markdown row per run: CPU
# microseconds per event, in all and per thread in the order they start (the simulation, the log
# writer, its preparer, its checkpointer), and RSS.
# The VM is shared and its speed drifts from run to run: compare builds within one call, never
# across calls. PLATFORM_RIDERS and PLATFORM_DRIVERS set the city (2 000 000 and 50 000, the
# issue's large run); logs go to COMPARE_DIR (bench-out/compare) and are deleted after each run.
set -euo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: $0 OLD_PLATFORM NEW_PLATFORM [ROUNDS]" >&2
  exit 2
fi
for binary in "$1" "$2"; do
  [[ -x "$binary" ]] || { echo "$0: $binary: not an executable" >&2; exit 1; }
done
command -v sqlite3 > /dev/null || { echo "$0: needs the sqlite3 command (apt-get install sqlite3)" >&2; exit 1; }
cd "$(dirname "$0")/.."
old=$(realpath "$1")
new=$(realpath "$2")
rounds=${3:-1}
seconds=${COMPARE_SECONDS:-230}
riders=${PLATFORM_RIDERS:-2000000}
drivers=${PLATFORM_DRIVERS:-50000}
dir=${COMPARE_DIR:-bench-out/compare}
fixtures=$(pwd)/fixtures
mkdir -p "$dir"
ticks_per_second=$(getconf CLK_TCK)

# Runs binary $1 for $seconds and prints its row, labelled $2.
measure() {
  local binary=$1 label=$2 log="$dir/run.sqlite"
  rm -f "$log" "$log-wal" "$log-shm"
  "$binary" simulate --riders "$riders" --drivers "$drivers" --hours 24 --log "$log" --fixtures "$fixtures" > /dev/null 2>&1 &
  local pid=$!
  sleep "$seconds"
  local ticks=() task fields
  for task in $(ls /proc/$pid/task | sort -n); do
    # utime and stime are fields 14 and 15 of stat; the command name before them is in parentheses.
    fields=$(sed 's/^.*) //' "/proc/$pid/task/$task/stat")
    ticks+=($(awk '{print $12 + $13}' <<<"$fields"))
  done
  local rss
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  kill -9 "$pid"
  wait "$pid" 2> /dev/null || true
  local events
  events=$(sqlite3 "$log" 'SELECT MAX(seq) FROM events')
  rm -f "$log" "$log-wal" "$log-shm"
  awk -v label="$label" -v events="$events" -v rss="$rss" -v hz="$ticks_per_second" -v ticks="${ticks[*]}" 'BEGIN {
    n = split(ticks, t, " "); total = 0; threads = ""
    for (i = 1; i <= n; i++) { total += t[i]; threads = threads sprintf(" %.2f |", t[i] / hz * 1e6 / events) }
    printf "| %s | %d | %.2f |%s %d MB |\n", label, events, total / hz * 1e6 / events, threads, rss / 1000
  }'
}

echo "| build | events | CPU µs per event | simulation | writer | preparer | checkpointer | RSS |"
echo "|---|---|---|---|---|---|---|---|"
# The second run of a pair is slower on every thread, unchanged code included (by 3–20 % on
# 2026-11-27, seen with either build second): odd rounds run OLD first, even rounds NEW first, so
# that an even number of rounds puts each build second equally often.
for round in $(seq "$rounds"); do
  if (( round % 2 == 1 )); then
    measure "$old" "old ($round)"
    measure "$new" "new ($round)"
  else
    measure "$new" "new ($round)"
    measure "$old" "old ($round)"
  fi
done
