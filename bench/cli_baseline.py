#!/usr/bin/env python3
"""Baseline for bench/cli.ts: the work nanobot does for each CLI command, one whole process each.

With NANOBOT_SRC set, nanobot's own SessionManager does it (get_or_create / list_sessions /
get_history / save to a scratch copy). Otherwise a re-enactment of its I/O and parsing: the file
opened in text mode, json.loads per line, the history window sliced (replay), json.dumps of every
record (format), bench/listing.py's list_sessions (list). tokens has no tiktoken here: its baseline
is the load alone, which only makes the baseline faster than nanobot.

Usage: python3 bench/cli_baseline.py <replay|load|tokens|format|list> <path>
"""
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(__file__))


def load(path):
    messages, meta = [], {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            data = json.loads(line)
            if data.get("_type") == "metadata":
                meta = data
            else:
                messages.append(data)
    return meta, messages


def reenact(op, path):
    if op == "list":
        import listing
        rows, _ = listing.list_sessions(Path(path))
        return len(rows)
    meta, messages = load(path)
    if op == "replay":
        return len(messages[-120:])
    if op == "format":
        out = [json.dumps(meta, ensure_ascii=False)] + [json.dumps(m, ensure_ascii=False) for m in messages]
        return sum(len(s) for s in out)
    return len(messages)


def nanobot(op, path, src):
    sys.path.insert(0, src)
    from nanobot.session.manager import SessionManager  # noqa: E402
    p = Path(path)
    if op == "list":
        mgr = SessionManager(p.parent if p.name == "sessions" else p)
        return len(mgr.list_sessions())
    mgr = SessionManager(p.parent.parent)
    key = json.loads(open(p, encoding="utf-8").readline()).get("key")
    s = mgr.get_or_create(key)
    if op == "replay":
        return len(s.get_history())
    return len(s.messages)


if __name__ == "__main__":
    op, path = sys.argv[1], sys.argv[2]
    src = os.environ.get("NANOBOT_SRC")
    print(nanobot(op, path, src) if src else reenact(op, path))
