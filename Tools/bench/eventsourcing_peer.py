#!/usr/bin/env python3
"""Peer benchmark: the Python `eventsourcing` library (9.5.x) with its own SQLite
persistence, on the same ledger-style workload as the Swift event log's benchmark.

Measures
  1. append throughput (events/s) for batch sizes 1, 100 and 10 000, one
     `SQLiteApplicationRecorder.insert_events(batch)` call (= one transaction) per
     batch, each batch size on a fresh database file;
  2. replay throughput (decoded events/s) of the batch-10 000 database through
     `SQLiteApplicationRecorder.select_notifications(start, limit)`, decoding each
     state with `JSONTranscoder` and folding balances per account.

The workload: events spread over `--streams` interleaved originators (one UUID per
stream) picked by `random.Random(seed)`, versions 1, 2, 3, ... per originator,
topic "ledger:Deposited", state = JSONTranscoder-encoded
{"account": "acct-<stream>", "amount": <1..50000>, "memo": "mmm..."} padded to
exactly `--payload` bytes. Encoding and StoredEvent construction are inside the
timed region (the library's users pay them too); `append_insert_only` also reports
the time spent inside `insert_events` alone.

Run it with the interpreter of a venv made by setup_peer.sh:
  Tools/bench/setup_peer.sh .venv-bench
  .venv-bench/bin/python Tools/bench/eventsourcing_peer.py --db /tmp/peer.db --out peer.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sqlite3
import sys
import time
import uuid
from collections import defaultdict
from importlib import metadata

try:
    from eventsourcing.persistence import JSONTranscoder, StoredEvent
    from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteDatastore
except ImportError as exc:  # pragma: no cover - environment problem
    sys.stderr.write(
        f"eventsourcing_peer: cannot import eventsourcing ({exc}); "
        "run Tools/bench/setup_peer.sh VENV and use VENV/bin/python\n"
    )
    sys.exit(2)

TOPIC = "ledger:Deposited"
SYNCHRONOUS_NAMES = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}


class Workload:
    """Deterministic, lazily generated events (same seed -> same events)."""

    def __init__(self, seed: int, streams: int, payload: int, transcoder: JSONTranscoder):
        self.rng = random.Random(seed)
        self.streams = streams
        self.transcoder = transcoder
        # One UUID per stream, drawn from the same seeded generator.
        self.ids = [uuid.UUID(int=self.rng.getrandbits(128), version=4) for _ in range(streams)]
        self.accounts = [f"acct-{i}" for i in range(streams)]
        self.versions = [0] * streams
        # JSONTranscoder uses separators (",", ":") and ensure_ascii=False, so the
        # encoded size is a fixed overhead plus the variable parts; pad the memo so
        # every state is exactly `payload` bytes (when payload is large enough).
        overhead = len(transcoder.encode({"account": "", "amount": 0, "memo": ""})) - 1
        self.overhead = overhead
        self.payload = payload
        self.memos = {}
        self.amount_total = 0

    def _memo(self, used: int) -> str:
        n = max(0, self.payload - self.overhead - used)
        memo = self.memos.get(n)
        if memo is None:
            memo = self.memos[n] = "m" * n
        return memo

    def batch(self, size: int) -> list[StoredEvent]:
        rng = self.rng
        encode = self.transcoder.encode
        out = []
        for _ in range(size):
            s = rng.randrange(self.streams)
            amount = rng.randint(1, 50_000)
            self.amount_total += amount
            account = self.accounts[s]
            self.versions[s] += 1
            state = encode(
                {
                    "account": account,
                    "amount": amount,
                    "memo": self._memo(len(account) + len(str(amount))),
                }
            )
            out.append(
                StoredEvent(
                    originator_id=self.ids[s],
                    originator_version=self.versions[s],
                    topic=TOPIC,
                    state=state,
                )
            )
        return out


def db_path_for(base: str, batch: int) -> str:
    root, ext = os.path.splitext(base)
    return f"{root}-batch{batch}{ext or '.sqlite'}"


def remove_db(path: str) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        try:
            os.remove(path + suffix)
        except FileNotFoundError:
            pass


def db_size(path: str) -> int:
    return sum(
        os.path.getsize(path + s) for s in ("", "-wal") if os.path.exists(path + s)
    )


def pragmas(datastore: SQLiteDatastore) -> tuple[str, str]:
    """journal_mode and synchronous (as a name: OFF/NORMAL/FULL/EXTRA) in effect
    on the datastore's own pooled connection."""
    with datastore.get_connection(commit=False) as conn:
        cur = conn.cursor()
        cur.execute("PRAGMA journal_mode")
        journal_mode = str(cur.fetchone()[0]).upper()
        cur.execute("PRAGMA synchronous")
        sync = int(cur.fetchone()[0])
    return journal_mode, SYNCHRONOUS_NAMES.get(sync, str(sync))


def run_append(path: str, batch: int, count: int, args, transcoder) -> dict:
    remove_db(path)
    datastore = SQLiteDatastore(path)
    recorder = SQLiteApplicationRecorder(datastore)
    recorder.create_table()
    journal_mode, synchronous = pragmas(datastore)

    work = Workload(args.seed, args.streams, args.payload, transcoder)
    first = work.batch(1)  # sanity check on the payload size, not timed; re-made below
    state_len = len(first[0].state)
    work = Workload(args.seed, args.streams, args.payload, transcoder)

    insert = recorder.insert_events
    perf = time.perf_counter
    in_insert = 0.0
    remaining = count
    t0 = perf()
    while remaining > 0:
        n = batch if remaining >= batch else remaining
        events = work.batch(n)
        t1 = perf()
        insert(events)
        in_insert += perf() - t1
        remaining -= n
    elapsed = perf() - t0

    max_id = recorder.max_notification_id()
    datastore.close()
    if max_id != count:
        raise SystemExit(f"eventsourcing_peer: batch {batch}: wrote {max_id} rows, expected {count}")
    return {
        "batch": batch,
        "count": count,
        "seconds": elapsed,
        "eps": count / elapsed,
        "insert_seconds": in_insert,
        "insert_eps": count / in_insert,
        "journal_mode": journal_mode,
        "synchronous": synchronous,
        "state_bytes": state_len,
        "db_bytes": db_size(path),
        "amount_total": work.amount_total,
    }


def run_replay(path: str, page: int, transcoder) -> dict:
    datastore = SQLiteDatastore(path)
    recorder = SQLiteApplicationRecorder(datastore)
    journal_mode, synchronous = pragmas(datastore)
    decode = transcoder.decode
    select = recorder.select_notifications
    balances: dict[str, int] = defaultdict(int)
    count = 0
    last_id = 0
    perf = time.perf_counter
    t0 = perf()
    start = 1
    while True:
        notifications = select(start, page)
        if not notifications:
            break
        for n in notifications:
            d = decode(n.state)
            balances[d["account"]] += d["amount"]
        count += len(notifications)
        last_id = notifications[-1].id
        if len(notifications) < page:
            break
        start = last_id + 1
    elapsed = perf() - t0
    datastore.close()
    return {
        "count": count,
        "seconds": elapsed,
        "eps": count / elapsed if elapsed else float("inf"),
        "accounts": len(balances),
        "amount_total": sum(balances.values()),
        "journal_mode": journal_mode,
        "synchronous": synchronous,
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--db", required=True, help="base path; one file per batch size: BASE-batchN.EXT")
    p.add_argument("--events", type=int, default=1_000_000, help="events at batch 10 000 (and replayed)")
    p.add_argument("--events-batch1", type=int, default=20_000, help="events at batch 1")
    p.add_argument("--events-batch100", type=int, default=200_000, help="events at batch 100")
    p.add_argument("--streams", type=int, default=1000)
    p.add_argument("--payload", type=int, default=200, help="encoded state size in bytes")
    p.add_argument("--page", type=int, default=10_000, help="select_notifications page size")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--keep-db", action="store_true", help="keep the database files")
    p.add_argument("--out", required=True, help="result JSON path")
    args = p.parse_args(argv)
    for name in ("events", "events_batch1", "events_batch100", "streams", "payload", "page"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be >= 1")

    db_dir = os.path.dirname(os.path.abspath(args.db))
    os.makedirs(db_dir, exist_ok=True)
    transcoder = JSONTranscoder()
    plan = [(1, args.events_batch1), (100, args.events_batch100), (10_000, args.events)]
    appends = {}
    for batch, count in plan:
        path = db_path_for(args.db, batch)
        print(f"append batch={batch} events={count} -> {path}", file=sys.stderr, flush=True)
        appends[batch] = run_append(path, batch, count, args, transcoder)
        if batch != 10_000 and not args.keep_db:
            remove_db(path)

    replay_path = db_path_for(args.db, 10_000)
    print(f"replay {replay_path}", file=sys.stderr, flush=True)
    replay = run_replay(replay_path, args.page, transcoder)
    if not args.keep_db:
        remove_db(replay_path)
    if replay["count"] != args.events or replay["amount_total"] != appends[10_000]["amount_total"]:
        raise SystemExit(
            f"eventsourcing_peer: replay mismatch: {replay['count']} events, total "
            f"{replay['amount_total']} vs {args.events} events, total {appends[10_000]['amount_total']}"
        )

    modes = {a["journal_mode"] for a in appends.values()}
    syncs = {a["synchronous"] for a in appends.values()}
    result = {
        "library": "eventsourcing",
        "library_version": metadata.version("eventsourcing"),
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "journal_mode": modes.pop() if len(modes) == 1 else sorted(modes),
        "synchronous": syncs.pop() if len(syncs) == 1 else sorted(syncs),
        "append": {str(b): round(a["eps"], 1) for b, a in appends.items()},
        "append_insert_only": {str(b): round(a["insert_eps"], 1) for b, a in appends.items()},
        "replay": round(replay["eps"], 1),
        "counts": {
            "append": {str(b): a["count"] for b, a in appends.items()},
            "replay": replay["count"],
            "streams": args.streams,
            "accounts_folded": replay["accounts"],
            "payload_bytes": args.payload,
            "state_bytes_first_event": appends[10_000]["state_bytes"],
            "page": args.page,
            "seed": args.seed,
        },
        "seconds": {
            "append": {str(b): round(a["seconds"], 3) for b, a in appends.items()},
            "replay": round(replay["seconds"], 3),
        },
        "db_bytes": {str(b): a["db_bytes"] for b, a in appends.items()},
        "api": {
            "datastore": "eventsourcing.sqlite.SQLiteDatastore(path)",
            "recorder": "eventsourcing.sqlite.SQLiteApplicationRecorder(datastore).create_table()",
            "append": "recorder.insert_events([eventsourcing.persistence.StoredEvent, ...])",
            "replay": "recorder.select_notifications(start, limit)",
            "codec": "eventsourcing.persistence.JSONTranscoder().encode/decode",
        },
    }
    out_dir = os.path.dirname(os.path.abspath(args.out))
    os.makedirs(out_dir, exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(result, f, indent=2)
        f.write("\n")

    print(
        f"eventsourcing {result['library_version']} (Python {result['python']}, SQLite "
        f"{result['sqlite']}), journal_mode={result['journal_mode']} "
        f"synchronous={result['synchronous']}",
        file=sys.stderr,
    )
    for b, a in appends.items():
        print(
            f"  append batch {b:>6}: {a['eps']:>10,.0f} events/s  "
            f"({a['count']:,} events in {a['seconds']:.2f}s; insert_events alone "
            f"{a['insert_eps']:,.0f}/s)",
            file=sys.stderr,
        )
    print(
        f"  replay             : {replay['eps']:>10,.0f} events/s  "
        f"({replay['count']:,} events in {replay['seconds']:.2f}s, "
        f"{replay['accounts']} accounts)",
        file=sys.stderr,
    )
    print(f"  wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
