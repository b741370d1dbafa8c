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
# across calls. With COMPARE_TOGETHER=1 each round runs both binaries at once instead (each on its
# own log), so that both see the same drift; they then share the cores, so each runs at about half
# speed and the CPU per event is that of a loaded machine, for both. PLATFORM_RIDERS and
# PLATFORM_DRIVERS set the city (2 000 000 and 50 000, the issue's large run); logs go to
# COMPARE_DIR (bench-out/compare) and are deleted after each run.
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

# Starts binary $1 on log $2; its pid is in $started.
start() {
  local binary=$1 log=$2
  rm -f "$log" "$log-wal" "$log-shm"
  "$binary" simulate --riders "$riders" --drivers "$drivers" --hours 24 --log "$log" --fixtures "$fixtures" > /dev/null 2>&1 &
  started=$!
}

# Reads process $1's CPU time by thread, kills it, counts the events in its log $2 and prints
# its row, labelled $3.
finish() {
  local pid=$1 log=$2 label=$3
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
  # Format 7 stores events in blocks after any rows; format 6 (older builds) in rows only.
  if [[ -n $(sqlite3 "$log" "SELECT 1 FROM sqlite_master WHERE name = 'event_blocks'") ]]; then
    events=$(sqlite3 "$log" 'SELECT COALESCE((SELECT last_seq FROM event_blocks ORDER BY first_seq DESC LIMIT 1), (SELECT MAX(seq) FROM events))')
  else
    events=$(sqlite3 "$log" 'SELECT MAX(seq) FROM events')
  fi
  rm -f "$log" "$log-wal" "$log-shm"
  awk -v label="$label" -v events="$events" -v rss="$rss" -v hz="$ticks_per_second" -v ticks="${ticks[*]}" 'BEGIN {
    n = split(ticks, t, " "); total = 0; threads = ""
    # A thread that never ran (the signal watcher of later builds) is left out of the columns.
    for (i = 1; i <= n; i++) { total += t[i]; if (t[i] > 0) threads = threads sprintf(" %.2f |", t[i] / hz * 1e6 / events) }
    printf "| %s | %d | %.2f |%s %d MB |\n", label, events, total / hz * 1e6 / events, threads, rss / 1000
  }'
}

# Runs binary $1 for $seconds and prints its row, labelled $2.
measure() {
  start "$1" "$dir/run.sqlite"
  local pid=$started
  sleep "$seconds"
  finish "$pid" "$dir/run.sqlite" "$2"
}

# Runs both binaries at once for $seconds (they share the cores, and whatever speed the VM has
# then) and prints their rows, labelled with round $1.
measureTogether() {
  start "$old" "$dir/old.sqlite"
  local oldPid=$started
  start "$new" "$dir/new.sqlite"
  local newPid=$started
  sleep "$seconds"
  finish "$oldPid" "$dir/old.sqlite" "old ($1, together)"
  finish "$newPid" "$dir/new.sqlite" "new ($1, together)"
}

echo "| build | events | CPU µs per event | simulation | writer | preparer | checkpointer | RSS |"
echo "|---|---|---|---|---|---|---|---|"
# The second run of a pair is slower on every thread, unchanged code included (by 3–20 % on
# 2026-11-27, seen with either build second): odd rounds run OLD first, even rounds NEW first, so
# that an even number of rounds puts each build second equally often.
for round in $(seq "$rounds"); do
  if [[ -n "${COMPARE_TOGETHER:-}" ]]; then
    measureTogether "$round"
  elif (( round % 2 == 1 )); then
    measure "$old" "old ($round)"
    measure "$new" "new ($round)"
  else
    measure "$new" "new ($round)"
    measure "$old" "old ($round)"
  fi
done
