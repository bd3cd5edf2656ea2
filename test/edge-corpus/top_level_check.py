# Direct checks of the depth budgets at a true top-level call (no harness frames): prints ok or
# RecursionError. Run: test/edge-corpus/nb.sh main test/edge-corpus/top_level_check.py listing|repair|state|replay <copy depth>
import json, sys
from pathlib import Path
from loguru import logger
logger.remove()
from nanobot.session.manager import SessionManager, Session
ws = Path.cwd() / "ws"; ws.mkdir()
sm = SessionManager(ws)
KEY = "a:b"
META = json.dumps({"_type": "metadata", "key": KEY, "created_at": "2020-01-01T00:00:00", "updated_at": "2020-01-01T00:00:00", "metadata": {}})
site, d = sys.argv[1], int(sys.argv[2])  # d: copy depth
lists = "[" * (d - 2) + '"x"' + "]" * (d - 2)
if site == "listing":
    sm._get_session_path(KEY).write_text(META + '\n{"role": "tool", "content": ' + lists + '}\n{"role": "user", "content": "hi"}\n')
elif site == "repair":
    sm._get_session_path(KEY).write_text(META + '\n[1]\n{"role": "tool", "content": "", "x": ' + lists + '}\n{"role": "user", "content": "hi"}\n')
elif site == "state":
    sm._get_session_path(KEY).write_text(META + '\n{"_type": "provider_state", "state": {"kind": "k", "provider": "p", "model": "m", "version": 1, "payload": {"a": ' + lists + '}}}\n')
try:
    if site in ("listing", "repair"):
        r = sm.list_sessions()
    elif site == "state":
        r = sm._load(KEY).provider_state is not None
    else:
        r = len(Session(key=KEY, messages=[json.loads('{"role": "user", "content": ' + lists + '}')]).get_history(max_messages=50, include_runtime_context=False))
    print(site, d, "ok")
except RecursionError:
    print(site, d, "RecursionError")
