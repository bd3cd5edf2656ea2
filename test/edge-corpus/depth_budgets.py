# How many Python frames each of nanobot's calls leaves to spare under the recursion limit, at the
# json.loads or copy.deepcopy that nests, when a script calls nanobot at its top level (the
# shallowest stack it can run on; every frame a caller adds takes one away).
#   json levels = spare frames (the C scanner's recursion guard counts one per container level);
#   copy levels = spare frames // 2 (deepcopy and the type's copier: two frames per level; a scalar
#   or a dict's key counts 1, a container 1 + its deepest item, as src/core/python/pyvalue.ts `copyDepth`).
# Each figure is bisected through a harness that sits `harness` frames above the top level, and the
# copies once more with one frame added, which tells the parity of the spare frames.
# Run: test/edge-corpus/nb.sh <version> test/edge-corpus/depth_budgets.py
import base64, json, subprocess, sys, tempfile
from pathlib import Path
from loguru import logger
logger.remove()
import nanobot.session.manager as M
from nanobot.session.manager import SessionManager, Session

ws = Path(tempfile.mkdtemp(dir=Path.cwd())) / "ws"; ws.mkdir()
sm = SessionManager(ws)
KEY = "a:b"
META = json.dumps({"_type": "metadata", "key": KEY, "created_at": "2020-01-01T00:00:00", "updated_at": "2020-01-01T00:00:00", "metadata": {}})

def nested_text(levels, role="user"):
    # a message dict whose "content" is `levels` nested lists around "x": json depth 1 + levels, copy depth 2 + levels
    return '{"role": "%s", "content": ' % role + "[" * levels + '"x"' + "]" * levels + "}"

def write(lines):
    mark(2)
    p = sm._get_session_path(KEY)
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if hasattr(sm, "_cache"): sm._cache.clear()
    if hasattr(sm, "invalidate"): sm.invalidate(KEY)

EXTRA = int(sys.argv[1]) if len(sys.argv) > 1 else 0  # frames added under every call (parity)

def deeper(k, fn):
    return fn() if k == 0 else deeper(k - 1, fn)

def ok(fn):
    try:
        deeper(EXTRA, fn); return True
    except RecursionError:
        return False

def depth_here():
    f, n = sys._getframe(1), 0
    while f is not None:
        n, f = n + 1, f.f_back
    return n

LAST = 0  # frames on the stack where the last measured call called nanobot (a top-level script: 1)

def mark(up=1):
    global LAST
    LAST = depth_here() - up

def bisect(fn, lo=1, hi=3000):
    assert ok(lambda: fn(lo)) and not ok(lambda: fn(hi)), (lo, hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if ok(lambda: fn(mid)): lo = mid
        else: hi = mid
    return lo

out = {}

def measured(extra_levels, fn, lo=1, hi=3000):
    levels = extra_levels + bisect(fn, lo, hi)
    return [levels, LAST - 1]  # the deepest nesting that passed, and the frames the harness added

def load_strict(levels):
    write([META, nested_text(levels)])
    s = sm._load(KEY)
    # loaded in the strict pass only if the message is there and no repair ran
    if s is None or len(s.messages) != 1: raise RecursionError("dropped")
out["json_load"] = measured(1, load_strict)

def load_repair(levels):
    # a bad line first: the strict pass fails there and the repair pass reads the deep line
    write([META, "{bad", nested_text(levels)])
    try:
        s = sm._load(KEY)
    except RecursionError:
        raise
    if s is None or len(s.messages) != 1: raise RecursionError("dropped")
if hasattr(SessionManager, "_repair"):  # none before 0.1.5.post2: a failed load is an empty session
    out["json_load_repair_pass"] = measured(1, load_repair)

def read_file(levels):
    write([META, nested_text(levels)])
    r = sm.read_session_file(KEY)
    if r is None or len(r["messages"]) != 1: raise RecursionError("dropped")
if hasattr(SessionManager, "read_session_file"):
    out["json_read_session_file"] = measured(1, read_file)

def read_meta(levels):
    write(['{"_type": "metadata", "key": "a:b", "metadata": ' + "[" * levels + "]" * levels + "}"])
    r = sm.read_session_metadata(KEY)
    if r is None or r["key"] != KEY: raise RecursionError("dropped")
if hasattr(SessionManager, "read_session_metadata"):
    out["json_read_session_metadata"] = measured(1, read_meta)

def list_head(levels):
    write(['{"_type": "metadata", "key": "a:b", "metadata": ' + "[" * levels + "]" * levels + "}"])
    rows = sm.list_sessions()
    if len(rows) != 1: raise RecursionError("dropped")
out["json_listing_head"] = measured(1, list_head)

def list_preview(levels):
    write([META, nested_text(levels, "tool")])
    rows = sm.list_sessions()
    if len(rows) != 1: raise RecursionError("dropped")
# later versions deep-copy each preview first (copy_listing_preview); before 0.2.0 the listing reads line 1 only
if not hasattr(M, "public_history_message") and hasattr(M, "_message_preview_text"):
    out["json_listing_preview"] = measured(1, list_preview)

def fork_load(levels, bad=False):
    # the fork loads its source itself (a fresh manager caches nothing), from inside the fork: the deep
    # line after the first user turn, so a fork before it copies nothing deep
    write([META] + (["{bad"] if bad else []) + ['{"role": "user", "content": "u"}', nested_text(levels, "assistant")])
    r = sm.fork_session_before_user_index(KEY, "f:k", 0)
    if r is None: raise RecursionError("the load dropped it")
HAS_FORK = hasattr(SessionManager, "fork_session_before_user_index")
if HAS_FORK:
    out["json_fork_load"] = measured(1, fork_load)
    out["json_fork_load_repair_pass"] = measured(1, lambda n: fork_load(n, True))

def fork(levels):
    write([META, '{"role": "user", "content": "u"}', nested_text(levels, "assistant")])
    r = sm.fork_session_before_user_index(KEY, "f:k", 1)
    if r is None or len(r.messages) != 2: raise RecursionError("the load dropped it")
if HAS_FORK:
    out["copy_fork"] = measured(2, fork, 1, 1500)

def fork_past(levels):
    write([META, '{"role": "user", "content": "u"}', nested_text(levels, "assistant")])
    s = sm._load(KEY)
    if s is None or len(s.messages) != 2: raise RecursionError("the load dropped it")
    r = sm.fork_session_before_user_index(KEY, "f:k", 5)  # past the last user turn: returns None after copying
    assert r is None
if HAS_FORK:
    out["copy_fork_past_last_user"] = measured(2, fork_past, 1, 1500)

def fork_metadata(levels):
    # metadata {"a": <levels lists around "x">}: copy depth 2 + levels
    write(['{"_type": "metadata", "key": "a:b", "metadata": {"a": ' + "[" * levels + '"x"' + "]" * levels + "}}", '{"role": "user", "content": "u"}'])
    r = sm.fork_session_before_user_index(KEY, "f:k", 1)
    if r is None: raise RecursionError("the load dropped it")
if HAS_FORK:
    out["copy_fork_metadata"] = measured(2, fork_metadata, 1, 1500)

if hasattr(M, "_PROVIDER_STATE_RECORD_TYPE"):
    def state(field, levels):
        # payload {"a": <levels lists>} (copy depth 2 + levels) or pending_messages [{"a": <levels lists>}] (3 + levels)
        deep = "[" * levels + '"x"' + "]" * levels
        st = '{"kind": "k", "provider": "p", "model": "m", "version": 1, "payload": %s, "pending_messages": %s}' % (
            ('{"a": %s}' % deep, "[]") if field == "payload" else ("{}", '[{"a": %s}]' % deep))
        write([META, '{"_type": "provider_state", "state": %s}' % st])
        s = sm._load(KEY)
        if s is None or s.provider_state is None: raise RecursionError("dropped")
    out["copy_provider_state_payload"] = measured(2, lambda n: state("payload", n), 1, 1500)
    out["copy_provider_state_pending"] = measured(3, lambda n: state("pending", n), 1, 1500)

if hasattr(M, "public_history_message") or "public_history_message" in dir(M):
    def listing(levels):
        write([META, nested_text(levels)])
        rows = sm.list_sessions()
    try:
        out["copy_listing_preview"] = measured(2, listing, 1, 1500)
    except AssertionError:
        out["copy_listing_preview"] = None
    def public_replay(levels):
        s = Session(key=KEY, messages=[json.loads(nested_text(levels))])
        mark(1)
        s.get_history(max_messages=50, include_runtime_context=False)
    out["copy_public_replay"] = measured(2, public_replay, 1, 1500)
    def listing_repair(levels):
        # a non-object line sends the row to the repair pass, whose preview copies each message in turn
        # {"role": "tool", "content": "", "x": <levels lists>}: no preview text, copy depth 2 + levels
        deep = '{"role": "tool", "content": "", "x": ' + "[" * levels + '"x"' + "]" * levels + "}"
        write([META, "[1]", deep, '{"role": "user", "content": "hi"}'])
        rows = [r for r in sm.list_sessions() if r["key"] == KEY]
        if len(rows) != 1 or rows[0]["preview"] != "hi": raise RecursionError("dropped")
    out["copy_listing_repair_preview"] = measured(2, listing_repair, 1, 1500)
if hasattr(getattr(M, "JsonlSessionStore", None), "_migrate_from_workspace"):
    def migration(levels):
        # main's start-up migration reads each workspace file whole (json.loads per line) before it copies
        # it; a RecursionError there is not among the errors it catches, so SessionManager() raises
        root = Path(tempfile.mkdtemp(dir=Path.cwd()))
        (root / "ws" / "sessions").mkdir(parents=True)
        (root / "ws" / "sessions" / "a_b.jsonl").write_text(META + "\n" + nested_text(levels) + "\n", encoding="utf-8")
        mark(1)
        SessionManager(root / "ws", sessions_root=root / "root")
        if not list((root / "root").glob("*/a_b.jsonl")): raise RecursionError("not migrated")
    out["json_migration"] = measured(1, migration)
if EXTRA:
    print(json.dumps(out))
    sys.exit()
# Combine with a run one frame deeper: a copy whose budget did not drop had an odd number to spare.
deeper_run = json.loads(subprocess.run([sys.executable, __file__, "1"], capture_output=True, text=True, check=True).stdout.splitlines()[-1])
spare = {"python": sys.version.split()[0], "recursionlimit": sys.getrecursionlimit()}
for name, (levels, offset) in out.items():
    if name.startswith("json"):
        spare[name] = levels + offset
    else:
        odd = deeper_run[name][0] == levels
        spare[name] = 2 * levels + (1 if odd else 0) + offset
print(json.dumps(spare))
