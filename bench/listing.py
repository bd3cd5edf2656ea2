#!/usr/bin/env python3
"""Baseline for bench/listing.ts: nanobot's list_sessions() I/O pattern (session contract D14-D17).

Each *.jsonl is opened in text mode; the first line must be a metadata record; the following lines
are scanned until the first user message with a preview (at most 200 records / 1,000,000 chars);
rows are sorted by the raw updated_at, newest first. Bytes read are the raw file position when the
file is closed (Python's text layer reads 8 KiB chunks). The preview is simplified (no sanitizer),
which only makes this baseline faster than nanobot; there is no repair pass (the bench files are clean).

Usage: python3 bench/listing.py <folder> [runs]   -> one JSON line: ms (median), times, cpu (process time), bytes, rows
"""
import json
import os
import re
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path

WS = re.compile(r"\s+")


def preview_of(message):
    content = message.get("content")
    if isinstance(content, list):
        content = " ".join(b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text")
    if not isinstance(content, str):
        return ""
    text = WS.sub(" ", content).strip()
    return text if len(text) <= 120 else text[:119].rstrip() + "\u2026"


def row_of(path, f):
    first = f.readline().strip()
    if not first:
        return None
    data = json.loads(first)
    if data.get("_type") != "metadata":
        return None
    preview = assistant = ""
    chars = records = 0
    for line in f:
        chars += len(line)
        if not line.strip():
            continue
        records += 1
        if records > 200 or chars > 1_000_000:
            break
        m = json.loads(line)
        if m.get("_type") == "metadata" or m.get("role") not in ("user", "assistant"):
            continue
        p = preview_of(m)
        if p and m["role"] == "user":
            preview = p
            break
        assistant = assistant or p
    meta = data.get("metadata")
    mtime = None

    def time_of(v):
        nonlocal mtime
        if v:
            return v
        mtime = mtime or datetime.fromtimestamp(path.stat().st_mtime).isoformat()
        return mtime

    return {
        "key": data.get("key") or path.stem.replace("_", ":", 1),
        "created_at": time_of(data.get("created_at")),
        "updated_at": time_of(data.get("updated_at")),
        "title": meta.get("title", "") if isinstance(meta, dict) else "",
        "preview": preview or assistant,
        "path": str(path),
    }


def list_sessions(folder):
    rows, read = [], 0
    for path in folder.glob("*.jsonl"):
        with open(path, encoding="utf-8") as f:
            try:
                row = row_of(path, f)
            finally:
                read += f.buffer.raw.tell()
        if row:
            rows.append(row)
    rows.sort(key=lambda r: r["updated_at"], reverse=True)
    return rows, read


def main():
    folder = Path(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    list_sessions(folder)  # warm-up, as the other measurements get
    times, cpu = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        rows, read = list_sessions(folder)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    stored = sum(os.path.getsize(p) for p in folder.glob("*.jsonl"))
    print(json.dumps({"ms": statistics.median(times), "times": times, "cpu": cpu, "bytes": read, "stored": stored, "rows": len(rows), "order": [Path(r["path"]).name for r in rows]}))


if __name__ == "__main__":
    main()
