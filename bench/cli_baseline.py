#!/usr/bin/env python3
"""Baseline for bench/cli.ts: the work nanobot does for each CLI command, one whole process each.

With NANOBOT_SRC set, nanobot's own SessionManager does it (get_or_create / list_sessions /
get_history / retain_recent_legal_suffix and save / save to a scratch copy). Otherwise a re-enactment
of its I/O and parsing: the file opened in text mode, json.loads per line, the history window sliced
(replay), every record's json.dumps line written out as save() writes them (format),
bench/listing.py's list_sessions (list), and for trim nanobot's hard trim and save: load all, keep
the last N from a user turn, cut orphan tool results, then write the metadata and every kept message
with json.dumps to `<name>.tmp` and os.replace it.
`load` prints a summary (the messages loaded), as `session-lens load` does without --json; `load-json`
also prints the loaded session as one json.dumps document, as `load --json` prints its lenses.
tokens counts with tiktoken's cl100k (nanobot's estimate_message_tokens) when tiktoken is installed;
without it the baseline is the load alone, which only makes the baseline faster than nanobot.

Usage: python3 bench/cli_baseline.py <replay|load|load-json|tokens|format|list> <path>
       python3 bench/cli_baseline.py trim <path> <N>

At a pip release (NANOBOT_SRC from setup.sh v0.1.4 … v0.2.2) the same calls run: every release has get_or_create,
list_sessions, save and a get_history whose defaults are its own (500 messages before 0.1.5.post3, then 120), as
the CLI's replay defaults are; trim needs retain_recent_legal_suffix (from 0.1.4.post6).

With BENCH_NANOBOT=main, nanobot main's SessionManager(BENCH_WORKSPACE, sessions_root=…) on files laid
out as main keeps them (<root>/<workspace id>/<base64url(key)>.jsonl); `replay-budget <path> <T>` is
its agent loop's get_history(max_tokens=T) (no count window); `init` makes the workspace's namespace
and prints its folder. Each run says on stderr how long it took after its imports ("after-import-ms").
"""
import json
import os
import sys
import time
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


def legal_start(messages):
    """nanobot's _find_legal_start: the first index from which every tool result has its call."""
    declared, start = set(), 0
    for i, m in enumerate(messages):
        if m.get("role") == "assistant":
            for tc in m.get("tool_calls") or []:
                if isinstance(tc, dict) and tc.get("id"):
                    declared.add(str(tc["id"]))
        elif m.get("role") == "tool":
            tid = m.get("tool_call_id")
            if tid and str(tid) not in declared:
                start, declared = i + 1, set()
    return start


def trim(path, n):
    """retain_recent_legal_suffix(n) then save(): what nanobot does to cap a session, whole file in memory."""
    meta, messages = load(path)
    kept = messages[-n:]
    for i, m in enumerate(kept):
        if m.get("role") == "user":
            kept = kept[i:]
            break
    kept = kept[legal_start(kept):]
    meta["last_consolidated"] = 0
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(json.dumps(meta, ensure_ascii=False) + "\n")
        for m in kept:
            f.write(json.dumps(m, ensure_ascii=False) + "\n")
    os.replace(tmp, path)
    return len(kept)


def reenact(op, path, *rest):
    if op == "trim":
        return trim(path, int(rest[0]))
    if op == "list":
        import listing
        rows, _ = listing.list_sessions(Path(path))
        return len(rows)
    meta, messages = load(path)
    if op == "replay":
        return len(messages[-120:])
    return write_out(op, meta, messages)


def write_out(op, meta, messages):
    if op == "format":
        # save(): one json.dumps line per record, written out (here to stdout, as `format` does).
        out = sys.stdout
        out.write(json.dumps(meta, ensure_ascii=False) + "\n")
        for m in messages:
            out.write(json.dumps(m, ensure_ascii=False) + "\n")
        return None
    if op == "load-json":
        sys.stdout.write(json.dumps({"metadata": meta, "messages": messages}, ensure_ascii=False) + "\n")
        return None
    if op == "tokens":
        return tokens(messages)
    return len(messages)


def tokens(messages):
    """nanobot's estimate_message_tokens per message (content, name, tool_call_id, tool_calls, reasoning)."""
    try:
        import tiktoken
    except ImportError:
        return len(messages)
    enc = tiktoken.get_encoding("cl100k_base")
    values = []
    for m in messages:
        parts = []
        c = m.get("content")
        if isinstance(c, str):
            parts.append(c)
        elif isinstance(c, list):
            for p in c:
                if isinstance(p, dict) and p.get("type") == "text":
                    if p.get("text"):
                        parts.append(p.get("text"))
                else:
                    parts.append(json.dumps(p, ensure_ascii=False))
        elif c is not None:
            parts.append(json.dumps(c, ensure_ascii=False))
        for k in ("name", "tool_call_id"):
            if m.get(k):
                parts.append(m[k])
        if m.get("tool_calls"):
            parts.append(json.dumps(m["tool_calls"], ensure_ascii=False))
        if m.get("reasoning_content"):
            parts.append(m["reasoning_content"])
        payload = "\n".join(parts)
        values.append(max(4, len(enc.encode(payload)) + 4) if payload else 4)
    return json.dumps({"values": values})


def nanobot(op, path, src, *rest):
    sys.path.insert(0, src)
    from nanobot.session.manager import SessionManager  # noqa: E402
    global T0
    T0 = time.perf_counter()
    p = Path(path)
    if op == "list":
        mgr = SessionManager(p.parent if p.name == "sessions" else p)
        return len(mgr.list_sessions())
    mgr = SessionManager(p.parent.parent)
    key = json.loads(open(p, encoding="utf-8").readline()).get("key")
    s = mgr.get_or_create(key)
    if op == "replay":
        return len(s.get_history())
    if op == "trim":
        if not hasattr(s, "retain_recent_legal_suffix"):
            # releases before 0.1.4.post6 keep no suffix themselves: nothing of theirs to time (BENCH_CLI_OPS)
            sys.exit(f"nanobot at {src} has no retain_recent_legal_suffix: trim has no baseline there")
        s.retain_recent_legal_suffix(int(rest[0]))
        mgr.save(s)
    if op in ("format", "load-json", "tokens"):
        # nanobot's own load; what it then writes (save's lines, the document, the estimates) as above.
        return write_out(op, s.metadata, s.messages)
    return len(s.messages)


def nanobot_main(op, path, src, *rest):
    """nanobot main: sessions under a root outside the workspace, one namespace folder per workspace."""
    sys.path.insert(0, src)
    from nanobot.session.manager import SessionManager  # noqa: E402
    global T0
    T0 = time.perf_counter()
    workspace = Path(os.environ["BENCH_WORKSPACE"])
    p = Path(path)
    if op == "init":
        return SessionManager(workspace, sessions_root=p).sessions_dir
    if op == "list":
        return len(SessionManager(workspace, sessions_root=p.parent).list_sessions())
    mgr = SessionManager(workspace, sessions_root=p.parent.parent)
    s = mgr.get_or_create(SessionManager.decode_storage_key(p.stem))
    if op == "replay":
        return len(s.get_history(int(rest[0]) if rest else 0))
    if op == "replay-budget":
        return len(s.get_history(max_tokens=int(rest[0])))
    if op == "trim":
        s.retain_recent_legal_suffix(int(rest[0]))
        mgr.save(s)
    if op == "tokens":
        from nanobot.utils.helpers import estimate_message_tokens  # noqa: E402
        return json.dumps({"values": [estimate_message_tokens(m) for m in s.messages]})
    if op in ("format", "load-json"):
        return write_out(op, s.metadata, s.messages)
    return len(s.messages)


T0 = None

if __name__ == "__main__":
    import time
    op, path, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    src = os.environ.get("NANOBOT_SRC")
    if src and os.environ.get("BENCH_NANOBOT") == "main":
        answer = nanobot_main(op, path, src, *rest)
    else:
        T0 = time.perf_counter()
        answer = nanobot(op, path, src, *rest) if src else reenact(op, path, *rest)
    if answer is not None:
        print(answer)
    sys.stdout.flush()
    sys.stderr.write("after-import-ms %.1f\n" % ((time.perf_counter() - T0) * 1000))
