# main's start-up migration of workspace files whose updated_at has no .timestamp() (naive year-1 times).
# Run: TZ=UTC test/edge-corpus/nb.sh main test/edge-corpus/migration_rules.py
import json, base64
from pathlib import Path
from nanobot.session.manager import SessionManager
ws = Path.cwd() / "ws"; (ws / "sessions").mkdir(parents=True)
names = {}
for i, u in enumerate(["0001-01-01T00:00:00", "0001-01-02T00:00:00", "0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59"]):
    key = f"k:{i}"
    stem = base64.urlsafe_b64encode(key.encode()).decode().rstrip("=")
    (ws / "sessions" / f"{stem}.jsonl").write_text(json.dumps({"_type": "metadata", "key": key, "created_at": u, "updated_at": u, "metadata": {}}) + "\n" + json.dumps({"role": "user", "content": "hi"}) + "\n")
    names[stem] = u
sm = SessionManager(ws)
for stem, u in names.items():
    print(u, "stays" if (ws / "sessions" / f"{stem}.jsonl").exists() else "moved", [r["key"] for r in sm.list_sessions() if r["path"].endswith(stem + ".jsonl")])
