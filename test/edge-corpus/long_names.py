# Saves and (main) start-up migration of sessions whose file name is near the 255-byte limit.
# Prints, per key length, the file name's bytes, whether save raised, and (main) whether a
# workspace file of that name was migrated. Run: test/edge-corpus/nb.sh <version> test/edge-corpus/long_names.py
import base64, json
from pathlib import Path
from loguru import logger
logger.remove()
from nanobot.session.manager import SessionManager, Session
ws = Path.cwd() / "ws"; ws.mkdir()
legacy = ws / "sessions"; legacy.mkdir()
b64 = lambda key: base64.urlsafe_b64encode(key.encode()).decode().rstrip("=")
for n in range(165, 186):
    key = "k" * n
    (legacy / f"{b64(key)}.jsonl").write_text(json.dumps({"_type": "metadata", "key": key, "created_at": "2020-01-01T00:00:00", "updated_at": "2020-01-01T00:00:00", "metadata": {}}) + "\n")
sm = SessionManager(ws)
namespace = getattr(sm, "sessions_dir", legacy) != legacy
last = None
for n in list(range(165, 186)) + list(range(240, 250)):
    key = "x" * n
    name = sm._get_session_path(key).name
    if len(name.encode()) > 255: continue
    try:
        sm.save(Session(key=key)); saved = "ok"
    except OSError as e:
        saved = f"OSError {e.errno}"
    moved = (not (legacy / f"{b64('k' * n)}.jsonl").exists()) if namespace and n < 186 else None
    row = (saved, moved)
    if row != last: print(json.dumps({"key_len": n, "name_bytes": len(name.encode()), "save": saved, "migrated_b64_name_bytes": len(b64('k' * n)) + 6 if moved is not None else None, "migrated": moved}))
    last = row
