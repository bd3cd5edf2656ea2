# Listing rows at main for lines that test the provider_state prefix and `_type in {...}`.
# Run: test/edge-corpus/nb.sh main test/edge-corpus/listing_rules.py
import json, sys, base64
from pathlib import Path
from nanobot.session.manager import SessionManager
ws = Path.cwd() / "ws"; ws.mkdir()
sm = SessionManager(ws)
d = sm.sessions_dir if hasattr(sm, "sessions_dir") else None
META = json.dumps({"_type":"metadata","key":"a:b","created_at":"2020-01-01T00:00:00","updated_at":"2020-01-01T00:00:00","metadata":{}})
cases = {
 "u3000": '\u3000{"_type": "provider_state", "x": 1}',
 "x1c": '\x1c{"_type":"provider_state"}',
 "x85": '{\x85"_type":"provider_state"}',
 "feff": '\ufeff{"_type":"provider_state"}',
 "suffix": '{"_type":"provider_stateX", "role":"user","content":"hi"}',
 "bracket": '{"_type": "provider_state"]',
 "x1cuser": '\x1c{"_type": "provider_state", "role": "user", "content": "hi"}',
 "feffuser": '\ufeff{"_type": "provider_state", "role": "user", "content": "hi"}',
 "u3000user": '\u3000{"_type": "provider_state", "role": "user", "content": "hi"}',
 "listtype": '{"_type":["a"], "role":"user","content":"hi"}',
 "dicttype": '{"_type":{}, "role":"user","content":"hi"}',
}
for name, line in cases.items():
    key = "k:" + name
    stem = base64.urlsafe_b64encode(key.encode()).decode().rstrip("=")
    p = d / f"{stem}.jsonl"
    meta = json.loads(META); meta["key"] = key
    p.write_text(json.dumps(meta) + "\n" + line + "\n" + json.dumps({"role":"user","content":"after"}) + "\n", encoding="utf-8")
for r in sm.list_sessions():
    print(r["key"], repr(r["preview"]))
