#!/usr/bin/env bash
# Usage: setup_peer.sh VENV_DIR
# Creates a Python venv at VENV_DIR (if missing) and installs eventsourcing 9.5.x
# into it. Idempotent: does nothing when `import eventsourcing` already works.
set -u
if [ $# -ne 1 ] || [ -z "$1" ]; then
    echo "setup_peer.sh: usage: setup_peer.sh VENV_DIR" >&2
    exit 2
fi
VENV_DIR=$1
PY="$VENV_DIR/bin/python"

if [ -x "$PY" ] && "$PY" -c 'import eventsourcing' >/dev/null 2>&1; then
    exit 0
fi

if [ ! -x "$PY" ]; then
    if ! command -v python3 >/dev/null 2>&1; then
        echo "setup_peer.sh: python3 not found on PATH" >&2
        exit 1
    fi
    if ! out=$(python3 -m venv "$VENV_DIR" 2>&1); then
        hint=""
        case "$out" in *ensurepip*) hint=" (on Debian: apt-get install python3-venv)" ;; esac
        echo "setup_peer.sh: 'python3 -m venv $VENV_DIR' failed: $(printf '%s' "$out" | grep -v '^\s*$' | tail -n 1)$hint" >&2
        exit 1
    fi
fi

if ! out=$("$PY" -m pip install -q 'eventsourcing==9.5.*' 2>&1); then
    echo "setup_peer.sh: pip install 'eventsourcing==9.5.*' into $VENV_DIR failed: $(printf '%s' "$out" | grep -v '^\s*$' | tail -n 1)" >&2
    exit 1
fi

if ! "$PY" -c 'import eventsourcing' >/dev/null 2>&1; then
    echo "setup_peer.sh: eventsourcing installed but 'import eventsourcing' fails in $VENV_DIR" >&2
    exit 1
fi
exit 0
