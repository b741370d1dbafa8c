#!/usr/bin/env bash
# Instructions per simulated event, counted by valgrind (callgrind): unlike seconds, the count
# does not depend on what else the machine runs, so two builds compare exactly on a shared VM.
# Usage: Tools/count-instructions.sh [BINARY]   (default: the release `platform`; build it first)
# The run is small (2 000 riders, 200 drivers, 2 h): valgrind is ~50× slower than native.
# Note: valgrind's CPU model lacks SHA extensions, so the log's SHA-256 chain costs more here than natively.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/platform}
command -v valgrind > /dev/null || { echo "count-instructions: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Valgrind cannot read the Swift debug info; a copy without it has the same code.
strip -g -o "$work/platform" "$binary"
valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$work/callgrind.out" \
  "$work/platform" simulate --riders 2000 --drivers 200 --hours 2 --log "$work/run.sqlite" > "$work/run.txt" 2> "$work/valgrind.txt"
instructions=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/valgrind.txt")
events=$(awk '/^run: / {print $2}' "$work/run.txt")
echo "instructions: $instructions, events: $events, per event: $((instructions / events))"
# By thread, in the order they start: the simulation, the log writer, its preparer, its
# checkpointer. The simulation thread's count is the steady one (within ~0.1 % run to run): the
# writer waits for its preparer in a short spin (sched_yield), whose count depends on how the
# threads were scheduled.
for file in "$work"/callgrind.out-*; do
  count=$(sed -n 's/^summary: //p' "$file")
  echo "thread ${file##*-}: $count, per event: $((count / events))"
done
grep '^log head hash' "$work/run.txt"
