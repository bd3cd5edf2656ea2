# read_session_metadata (any version) on files whose first 8 KiB text chunk ends inside a UTF-8 character.
# Prints each case's bytes as segments and nanobot's answers (the key read_session_metadata reads, or
# null; list_sessions' rows as [key, preview]), as JSON.
# Run: test/edge-corpus/nb.sh <version> test/edge-corpus/metadata_chunks.py > test/edge-corpus/metadata-chunks-<version>.json
import json, logging, sys
from loguru import logger
logger.remove()
from pathlib import Path
from nanobot.session.manager import SessionManager

ws = Path.cwd() / "ws"; ws.mkdir()
sm = SessionManager(ws)
HEAD = '{"_type": "metadata", "key": "k:a", "created_at": "2020-01-01T00:00:00", "updated_at": "2020-01-01T00:00:00", "metadata": {"p": "'
CHARS = {"euro": "e282ac", "emoji": "f09f9880", "cut": "e28241", "cut4": "f09f9841", "lead": "ff41", "e0bad": "e08041", "surr": "eda080"}

def build(segs):
    out = b""
    for s in segs:
        if s[0] == "t": out += s[1].encode()
        elif s[0] == "r": out += s[1].encode() * s[2]
        else: out += bytes.fromhex(s[1])
    return out

cases = []
for where in ("first", "second"):
    for cname, chex in CHARS.items():
        for shift in range(0, len(chex) // 2 + 1):
            # the character's first byte at 8192 - shift: the chunk boundary falls inside it (or just around it)
            if where == "first":
                pad = 8192 - shift - len(HEAD.encode())
                segs = [["t", HEAD], ["r", "x", pad], ["h", chex], ["t", '"}}\n{"role": "user", "content": "hi"}\n']]
            else:
                line1 = HEAD + '"}}\n'
                tail = '{"role": "user", "content": "'
                pad = 8192 - shift - len(line1.encode()) - len(tail.encode())
                segs = [["t", line1 + tail], ["r", "y", pad], ["h", chex], ["t", '"}\n']]
            cases.append({"name": f"{where}-{cname}-{shift}", "segments": segs})
for c in cases:
    data = build(c["segments"])
    key = "k:a"
    p = sm._get_session_path(key)
    p.write_bytes(data)
    try:
        r = sm.read_session_metadata(key)
        c["key"] = r and r["key"]
    except Exception as e:
        c["error"] = {"type": type(e).__name__, "message": str(e)}
    try:
        rows = sm.list_sessions()
        c["listed"] = [[r["key"], r["preview"]] for r in rows]
    except Exception as e:
        c["listed"] = type(e).__name__
print(json.dumps(cases, ensure_ascii=True))
