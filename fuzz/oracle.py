"""nanobot's own answers for the differential fuzzer (npm run fuzz).

A long-lived process: it imports nanobot's session code at one version (v0.2, v0.3.0, main, or a pip release
0.1.4 … 0.2.2 by its pip name: what a release lacks is left out of its answers; the environment of
what ../shared/nanobot/setup.sh <v> prints; run it with HOME set to a scratch folder) and answers one JSON
request per stdin line with one JSON line on stdout. Each answer is a case in the golden corpora's
format (../shared/golden/README.md), so the golden runner checks it field by field:

  {"id": 1, "op": "case", "version": "main", "key": "...", "file_b64": "...", "name": "..."}
  -> {"id": 1, "case": {...}}   or   {"id": 1, "crash": "..."}

Encoding (lossless, the golden files' own): strict JSON with ASCII escapes (lone surrogates stay
`\\udXXX`), NaN/Infinity as {"$float": "NaN" | "Infinity" | "-Infinity"}, ints exact (the reader
keeps integers beyond 2**53 as bigints), dict key order kept.

The clock is frozen at the corpora's instant and every file's mtime is the corpora's fixed mtime.
"""

import base64
import datetime as _dt
import hashlib
import json
import math
import os
import re
import shutil
import sys
import tempfile
import threading
import traceback

NOW = (2031, 7, 8, 9, 10, 11, 121314)
NOW_ISO = "2031-07-08T09:10:11.121314"
MTIME_EPOCH = 1014800767
MTIME_ISO = "2002-02-27T09:06:07"
GRID_MM = [-1, 0, 1, 2, 3, 5, 8, 20, 120, 500]
GRID_MT = [0, 1, 50, 200, 1000, 100000]
RETAIN_N = [0, 1, 2, 3, 5, 10, 50]
FORK_TARGET = "fork:target"


class _Frozen(_dt.datetime):
    @classmethod
    def now(cls, tz=None):  # noqa: D102
        v = cls(*NOW)
        return v if tz is None else v.replace(tzinfo=tz)


# Before nanobot imports `from datetime import datetime`.
_dt.datetime = _Frozen
os.environ["TZ"] = "UTC"

VERSION = sys.argv[1]
# Extra stack frames under every call into nanobot, beyond a script's top level: where json.loads,
# deepcopy and == hit the recursion limit depends on how deep the caller already is (the fuzzer's
# --frames; 0 models the core's caller, CALLER_FRAMES in src/core/nanobot/nanobot-version.ts).
FRAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 0
# CPython's default limit, the one nanobot runs under.
BASE_LIMIT = sys.getrecursionlimit()


def _stack_depth():
    """Python frames on the stack, counting the caller's own."""
    f, n = sys._getframe(1), 0
    while f is not None:
        n, f = n + 1, f.f_back
    return n


def top(fn, *a, **k):
    """Call nanobot's `fn` as a script's top level would (plus FRAMES): the oracle's own frames under
    this one (thread bootstrap, dispatch, the case's steps) are given back to the recursion limit, so
    RecursionError boundaries are those of nanobot called from a script's `<module>` frame."""
    own = _stack_depth() - 1  # a script's top level calls from its one `<module>` frame
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(BASE_LIMIT + own - FRAMES)
    try:
        return fn(*a, **k)
    finally:
        sys.setrecursionlimit(limit)


# Calibration: the deepest array json.loads accepts when called from this script's top level (here,
# the `<module>` frame); serve() checks that top() gives the same from inside the oracle's thread.
_lo, _hi = 1, 5000
while _hi - _lo > 1:
    _mid = (_lo + _hi) // 2
    try:
        json.loads("[" * _mid + "]" * _mid)
        _lo = _mid
    except RecursionError:
        _hi = _mid
TOP_LEVEL_JSON_DEPTH = _lo


def check_top():
    n = TOP_LEVEL_JSON_DEPTH - FRAMES
    top(json.loads, "[" * n + "]" * n)
    try:
        top(json.loads, "[" * (n + 1) + "]" * (n + 1))
    except RecursionError:
        return
    raise AssertionError(f"top() accepts {n + 1} levels, a top-level script {n}")

from loguru import logger  # noqa: E402

logger.remove()  # nanobot's logs are not part of the answers

from nanobot.session import manager as M  # noqa: E402
from nanobot.utils import helpers as H  # noqa: E402

import inspect  # noqa: E402

# A pip release (0.1.4 … 0.2.2) rather than one of the three commits the project first spoke for. Its session code
# keeps v0.2's layout (sessions in the workspace, `include_timestamps` where it has one). What it lacks is recorded
# in LACKS; a call that needs it raises (LookupError for an option, AttributeError for a method) and the answers
# leave those fields out (strip_lacking), as scripts/release-golden.py does for the releases' golden corpora.
RELEASE = VERSION not in ("v0.2", "v0.3.0", "main")
LACKS = []

if RELEASE and not hasattr(H, "_get_token_encoding"):
    # Releases before 0.2.2 call tiktoken.get_encoding inside each estimate: route it through the lookup the
    # special-token watch below wraps (same encoder, same counts).
    import tiktoken as _tk

    H._get_token_encoding = lambda: _tk.get_encoding("cl100k_base")

    class _Tiktoken:
        @staticmethod
        def get_encoding(_name):
            return H._get_token_encoding()

    H.tiktoken = _Tiktoken


def _without_option(cls, name, option):
    """The release's method has no `option`: calls with it False go through, with it set raise LookupError."""
    orig = getattr(cls, name)
    if option in inspect.signature(orig).parameters:
        return
    LACKS.append(f"{name}({option})")

    def call(self, *a, **k):
        if k.pop(option, False):
            raise LookupError(f"{name} has no {option}")
        return orig(self, *a, **k)

    setattr(cls, name, call)


def _returning_dropped(cls):
    """Releases whose retain returns nothing (0.1.4.post6 … 0.2.0): counted as 0.2.0's one caller,
    enforce_file_cap, counts (what is no longer kept; min(last_consolidated before, how many went))."""
    orig = getattr(cls, "retain_recent_legal_suffix", None)
    if orig is None:
        LACKS.append("retain_recent_legal_suffix")
        return
    if inspect.signature(orig).return_annotation not in (None, "None"):
        return
    LACKS.append("retain_recent_legal_suffix(return value: counted as enforce_file_cap counts)")

    def call(self, *a, **k):
        before, lc = list(self.messages), self.last_consolidated
        orig(self, *a, **k)
        kept = {id(m) for m in self.messages}
        dropped = [m for m in before if id(m) not in kept]
        return (dropped, min(lc, len(before) - len(self.messages))) if dropped else ([], 0)

    cls.retain_recent_legal_suffix = call


if RELEASE:
    _returning_dropped(M.Session)
    for _option in ("max_tokens", "include_timestamps", "extend_to_user"):
        _without_option(M.Session, "get_history", _option)
    if hasattr(M.Session, "retain_recent_legal_suffix"):
        _without_option(M.Session, "retain_recent_legal_suffix", "extend_to_user")
    for _method in ("read_session_file", "read_session_metadata", "fork_session_before_user_index"):
        if not hasattr(M.SessionManager, _method):
            LACKS.append(_method)
    if not hasattr(H, "estimate_message_tokens"):
        LACKS.append("estimate_message_tokens")


def strip_lacking(case):
    """A case without what the release lacks: no field for a missing call, null for a missing fork or retain,
    no grid rows asked with an option its get_history does not take (their LookupError is the oracle's own)."""
    for method in ("read_session_file", "read_session_metadata", "estimate_message_tokens"):
        if method in LACKS:
            case.pop(method, None)
    for method in ("fork_session_before_user_index", "retain_recent_legal_suffix"):
        if method in LACKS and case.get(method) is not None:
            case[method] = None
    h = case.get("history")
    # grid rows are [max_messages, max_tokens, include_timestamps, extend_to_user, output]
    for option, col in (("max_tokens", 1), ("include_timestamps", 2), ("extend_to_user", 3)):
        if f"get_history({option})" in LACKS and h:
            h["grid"] = [r for r in h["grid"] if not r[col]]
    if "retain_recent_legal_suffix(extend_to_user)" in LACKS and case.get("retain_recent_legal_suffix"):
        case["retain_recent_legal_suffix"] = [r for r in case["retain_recent_legal_suffix"] if not r["extend_to_user"]]
    return case

try:
    from nanobot.runtime_context import RUNTIME_CONTEXT_HISTORY_META as RC_META  # type: ignore
except Exception:  # v0.2 has no public view
    RC_META = None

# --- instrumentation -------------------------------------------------------------------------

REPAIRS = [0]
REPAIR_KEYS = []


def _counting(orig):
    """`orig` with each call counted. The wrapper is one frame nanobot's own stack does not have:
    the limit grows by one while it runs, so the repair's RecursionError boundaries stay nanobot's."""

    def wrap(self, *a, **k):
        REPAIRS[0] += 1
        REPAIR_KEYS.append(a[0] if a else k.get("key"))
        sys.setrecursionlimit(sys.getrecursionlimit() + 1)
        try:
            return orig(self, *a, **k)
        finally:
            sys.setrecursionlimit(sys.getrecursionlimit() - 1)

    return wrap


_store_cls = getattr(M, "JsonlSessionStore", None)
if _store_cls is not None and hasattr(_store_cls, "_repair_unlocked"):
    _store_cls._repair_unlocked = _counting(_store_cls._repair_unlocked)
elif hasattr(M.SessionManager, "_repair"):
    M.SessionManager._repair = _counting(M.SessionManager._repair)
# Releases before 0.1.5.post2 have no repair pass: a load that fails returns None, and get_or_create then makes
# an empty session that the next save writes over the file.
HAS_REPAIR = _store_cls is not None or hasattr(M.SessionManager, "_repair")

SPECIAL = [False]
_orig_enc = H._get_token_encoding


class _EncProxy:
    def __init__(self, enc):
        self._enc = enc

    def encode(self, *a, **k):
        try:
            return self._enc.encode(*a, **k)
        except ValueError as e:
            if "special token" in str(e):
                SPECIAL[0] = True
            raise

    def __getattr__(self, name):
        return getattr(self._enc, name)


H._get_token_encoding = lambda: _EncProxy(_orig_enc())


# --- encoding --------------------------------------------------------------------------------


def enc(v):
    if isinstance(v, float):
        if math.isnan(v):
            return {"$float": "NaN"}
        if math.isinf(v):
            return {"$float": "Infinity" if v > 0 else "-Infinity"}
        return v
    if isinstance(v, dict):
        return {k: enc(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [enc(x) for x in v]
    return v


def dumps(v):
    """Our own encoding runs with a high recursion limit (never nanobot's code), then restores it."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200000)
    try:
        return json.dumps(enc(v), ensure_ascii=True, allow_nan=False)
    finally:
        sys.setrecursionlimit(limit)


def err(e):
    return {"type": type(e).__name__, "message": str(e)[:500]}


def flag(v):
    """The golden flags for the frozen clock and the fixed mtime (our own walk: a high recursion limit)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200000)
    try:
        return _flag(v)
    finally:
        sys.setrecursionlimit(limit)


def _flag(v):
    if isinstance(v, str):
        return "<NOW>" if v == NOW_ISO else "<MTIME>" if v == MTIME_ISO else v
    if isinstance(v, dict):
        return {k: _flag(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_flag(x) for x in v]
    return v


def ranges(ix):
    out = []
    for i in ix:
        if out and out[-1][1] == i:
            out[-1][1] = i + 1
        else:
            out.append([i, i + 1])
    return out


# --- one case --------------------------------------------------------------------------------


class Place:
    """A fresh workspace (and, on main, a sessions root) holding one session file."""

    def __init__(self, key, data):
        self.root = tempfile.mkdtemp(prefix="nb-oracle-")
        ws = os.path.join(self.root, "workspace")
        os.makedirs(ws)
        self.ws = ws
        self.key = key
        self.data = data

    def manager(self):
        from pathlib import Path

        if VERSION == "main":
            return M.SessionManager(Path(self.ws), sessions_root=Path(self.root) / "sessions-root")
        return M.SessionManager(Path(self.ws))

    def fresh(self):
        """A new manager with the session file as given."""
        m = self.manager()
        path = m._get_session_path(self.key)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        for f in os.listdir(m.sessions_dir):
            p = os.path.join(m.sessions_dir, f)
            if f.endswith(".jsonl") or f.endswith(".tmp"):
                os.unlink(p)
        with open(path, "wb") as f:
            f.write(self.data)
        os.utime(path, (MTIME_EPOCH, MTIME_EPOCH))
        return m, str(path)

    def close(self):
        shutil.rmtree(self.root, ignore_errors=True)


def session_view(s):
    return flag(
        {
            "key": s.key,
            "created_at": s.created_at.isoformat(),
            "updated_at": s.updated_at.isoformat(),
            "last_consolidated": s.last_consolidated,
            "metadata": s.metadata,
            "messages": s.messages,
        }
    )


def load_fresh(p):
    m, path = p.fresh()
    REPAIRS[0] = 0
    try:
        s = top(m._load, p.key)
        return m, s, None
    except Exception as e:  # noqa: BLE001
        return m, None, e


def run_case(key, data):
    p = Place(key, data)
    try:
        return _run_case(p, key, data)
    finally:
        p.close()


def _run_case(p, key, data):
    g = {"format_version": 1, "key": key, "fixture_sha256": hashlib.sha256(data).hexdigest(), "fixture_bytes": len(data)}

    # load
    m, s, e = load_fresh(p)
    g["load"] = {
        "result": session_view(s) if s is not None else None,
        "repair_called": REPAIRS[0] > 0,
        "path": "repair" if REPAIRS[0] > 0 else "normal",
    }
    if e is not None:
        g["load"]["error"] = err(e)
    if s is not None and getattr(s, "provider_state", None) is not None:
        # our own report (it deep-copies the state): a high limit, as dumps() has
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(200000)
        try:
            g["load"]["provider_state"] = s.provider_state.to_private_record()
        finally:
            sys.setrecursionlimit(limit)

    for field in ("read_session_file", "read_session_metadata"):
        mm, _ = p.fresh()
        REPAIRS[0] = 0
        out = {}
        try:
            r = top(getattr(mm, field), key)
            out["result"] = flag(r) if r is not None else None
        except Exception as e2:  # noqa: BLE001
            out["result"] = None
            out["error"] = err(e2)
        out["repair_called"] = REPAIRS[0] > 0
        g[field] = out

    mm, _ = p.fresh()
    REPAIRS[0] = 0
    out = {}
    try:
        rows = top(mm.list_sessions)
        out["result"] = flag([{**r, "path": os.path.basename(str(r["path"]))} for r in rows])
    except Exception as e2:  # noqa: BLE001
        out["error"] = err(e2)
    out["repair_called"] = REPAIRS[0] > 0
    g["list_sessions"] = out

    if s is None and e is None and not HAS_REPAIR:
        # what the agent loop's get_or_create and its next save do with a file that loaded nothing
        em, path = p.fresh()
        try:
            top(em.save, top(em.get_or_create, key))
            with open(path, "rb") as fh:
                b = fh.read()
            g["save_after_failed_load"] = {"bytes": len(b), "sha256": hashlib.sha256(b).hexdigest(), "text": b.decode("utf-8")}
        except Exception as e3:  # noqa: BLE001
            g["save_after_failed_load"] = {"error": err(e3)}

    if s is None:
        g["estimate_message_tokens"] = None
        g["history"] = None
        if RC_META is not None:
            g["history_public"] = None
        g["retain_recent_legal_suffix"] = None
        g["fork_session_before_user_index"] = None
        g["save"] = None
        return g

    values, fallback = [], []
    for i, msg in enumerate(s.messages):
        SPECIAL[0] = False
        try:
            values.append(top(H.estimate_message_tokens, msg))
        except Exception as e2:  # noqa: BLE001
            values.append({"error": err(e2)})
        if SPECIAL[0]:
            fallback.append(i)
    g["estimate_message_tokens"] = {"values": values, "tiktoken_fallback": fallback}

    def grid(rows, call):
        entries, entry_ix, outputs, output_ix, out_rows = [], {}, [], {}, []
        for row in rows:
            try:
                got = call(*row)
            except Exception as e2:  # noqa: BLE001
                out_rows.append([*row, {"error": err(e2)}])
                continue
            ix = []
            for entry in got:
                k = dumps(entry)
                if k not in entry_ix:
                    entry_ix[k] = len(entries)
                    entries.append(entry)
                ix.append(entry_ix[k])
            t = tuple(ix)
            if t not in output_ix:
                output_ix[t] = len(outputs)
                outputs.append(ix)
            out_rows.append([*row, output_ix[t]])
        return {"grid": out_rows, "outputs": outputs, "entries": entries}

    rows = [(mm_, mt, ts, etu) for mm_ in GRID_MM for mt in GRID_MT for ts in (False, True) for etu in (False, True)]
    if VERSION == "v0.2" or RELEASE:
        g["history"] = grid(rows, lambda a, b, c, d: top(s.get_history, a, max_tokens=b, include_timestamps=c, extend_to_user=d))
    else:
        g["history"] = grid(rows, lambda a, b, c, d: top(s.get_history, a, max_tokens=b, extend_to_user=d))
    if RC_META is not None:
        prow = [(mm_, 0, etu) for mm_ in GRID_MM for etu in (False, True)]
        g["history_public"] = grid(prow, lambda a, b, d: top(s.get_history, a, max_tokens=b, extend_to_user=d, include_runtime_context=False))

    # retain_recent_legal_suffix, each on a fresh load
    rets = []
    for n in RETAIN_N:
        for etu in (False, True):
            _, f, e2 = load_fresh(p)
            if f is None:
                continue
            orig = list(f.messages)
            had_state = getattr(f, "provider_state", None) is not None
            before = dumps(f.metadata)
            r = {"n": n, "extend_to_user": etu}
            try:
                res = top(f.retain_recent_legal_suffix, n, extend_to_user=etu)
            except Exception as e3:  # noqa: BLE001
                r["error"] = err(e3)
                r["messages_after_error"] = len(f.messages)
                rets.append(r)
                continue
            if isinstance(res, tuple):
                dropped, already = res
            else:
                dropped, already = res.dropped, res.already_consolidated_count
            kept = {id(x) for x in f.messages}
            gone = {id(x) for x in dropped}
            retained = [i for i, x in enumerate(orig) if id(x) in kept]
            dropped_ix = [i for i, x in enumerate(orig) if id(x) in gone]
            r.update(
                retained=ranges(retained),
                retained_count=len(retained),
                last_consolidated=f.last_consolidated,
                dropped=ranges(dropped_ix),
                dropped_count=len(dropped_ix),
                already_consolidated=already,
                updated_at=flag(f.updated_at.isoformat()),
            )
            if dumps(f.metadata) != before:
                r["metadata_after"] = f.metadata
            if had_state:
                r["provider_state_kept"] = f.provider_state is not None
            rets.append(r)
    g["retain_recent_legal_suffix"] = rets

    # fork_session_before_user_index
    users = sum(1 for x in s.messages if isinstance(x, dict) and x.get("role") == "user")
    idx = []
    for i in (-1, 0, 1, 2, users, users + 1):
        if i not in idx:
            idx.append(i)
    results = []
    for i in idx:
        fm, _ = p.fresh()
        target = fm._get_session_path(FORK_TARGET)
        r = {"before_user_index": i}
        try:
            f = top(fm.fork_session_before_user_index, key, FORK_TARGET, i)
        except Exception as e3:  # noqa: BLE001
            r["error"] = err(e3)
            r["target_file_written"] = os.path.exists(target)
            results.append(r)
            continue
        if f is None:
            r["result"] = None
        else:
            with open(target, "rb") as fh:
                b = fh.read()
            res = {
                "key": f.key,
                "messages_prefix_len": len(f.messages),
                "metadata": f.metadata,
                "last_consolidated": f.last_consolidated,
                "created_at": flag(f.created_at.isoformat()),
                "updated_at": flag(f.updated_at.isoformat()),
                "file": os.path.basename(str(target)),
                "file_first_line": b.split(b"\n", 1)[0].decode("utf-8"),
                "file_sha256": hashlib.sha256(b).hexdigest(),
                "file_bytes": len(b),
            }
            changed = [j for j, x in enumerate(s.messages[: len(f.messages)]) if RC_META is not None and RC_META in x]
            if changed:
                res["public_view_changed"] = changed
            r["result"] = res
        results.append(r)
    g["fork_session_before_user_index"] = {"user_count": users, "target_key": FORK_TARGET, "results": results}

    # save exactly as loaded (the session of the first load, on a fresh manager)
    sm, path = p.fresh()
    sv = {"path": os.path.basename(path)}
    try:
        top(sm.save, s)
        with open(path, "rb") as fh:
            b = fh.read()
        sv.update(bytes=len(b), sha256=hashlib.sha256(b).hexdigest())
        try:
            sv["text"] = b.decode("utf-8")
        except UnicodeDecodeError:
            sv["base64"] = base64.b64encode(b).decode()
    except Exception as e3:  # noqa: BLE001
        sv["error"] = err(e3)
        # a save that is not atomic leaves the file cut where it failed (an atomic one leaves it as it was)
        with open(path, "rb") as fh:
            b = fh.read()
        if b != data:
            sv["file_after_error"] = {"bytes": len(b), "sha256": hashlib.sha256(b).hexdigest()}
    g["save"] = sv
    return g


def run_listing(files):
    """list_sessions() over a folder holding exactly these files (all with the fixed mtime)."""
    p = Place("listing", b"")
    try:
        m = p.manager()
        d = str(m.sessions_dir)
        for f in os.listdir(d):
            if f.endswith(".jsonl") or f.endswith(".tmp"):
                os.unlink(os.path.join(d, f))
        names = []
        for name, data in files:
            path = os.path.join(d, name)
            with open(path, "wb") as fh:
                fh.write(data)
            os.utime(path, (MTIME_EPOCH, MTIME_EPOCH))
            names.append(name)
        REPAIR_KEYS.clear()
        out = {"files": sorted(names)}
        try:
            rows = top(m.list_sessions)
            result = flag([{**r, "path": os.path.basename(str(r["path"]))} for r in rows])
            out["result"] = result
            out["order"] = [r["path"] for r in result]
            stamps = [dumps(r["updated_at"]) for r in result]
            out["has_ties"] = len(set(stamps)) != len(stamps)
        except Exception as e:  # noqa: BLE001
            out["error"] = err(e)
        out["repair_calls"] = list(REPAIR_KEYS)
        return out
    finally:
        p.close()


# --- a big file, as the CLI's commands ask -----------------------------------------------------


LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def text_of(v):
    """json.dumps(v, ensure_ascii=False) as the CLI prints it (a lone surrogate written as its escape), with our own high limit."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200000)
    try:
        return LONE_SURROGATE.sub(lambda m: "\\u%04x" % ord(m.group()), json.dumps(v, ensure_ascii=False))
    finally:
        sys.setrecursionlimit(limit)


def run_big(key, data, settings):
    """nanobot's own answers to what `load`, `tokens`, `replay` (each setting), `format` and `list`
    print for one session file: `_load`, `estimate_message_tokens` per message, `get_history`, `save`
    of the loaded session (an empty one where it loads none, as `get_or_create` makes) and
    `list_sessions()`. Values are json.dumps texts; an exception is {"error": {"type", "message"}}."""
    p = Place(key, data)
    try:
        out = {"file": os.path.basename(str(p.manager()._get_session_path(key))), "lacks": LACKS}
        m, s, e = load_fresh(p)
        if e is not None:
            out["raises"] = err(e)
        else:
            view = None if s is None else {
                "key": s.key, "created_at": s.created_at.isoformat(), "updated_at": s.updated_at.isoformat(),
                "last_consolidated": s.last_consolidated, "metadata": s.metadata, "messages": s.messages}
            out["load"] = {"path": "repair" if REPAIRS[0] > 0 else "normal", "result": text_of(view)}
            msgs = s.messages if s is not None else []
            values = []
            for msg in msgs:
                try:
                    values.append(top(H.estimate_message_tokens, msg))
                except Exception as e2:  # noqa: BLE001
                    values.append({"error": err(e2)})
            if "estimate_message_tokens" not in LACKS:
                out["tokens"] = values
            target = s if s is not None else M.Session(key=key)
            replays = []
            for st in settings:
                kw = {"max_tokens": st["max_tokens"], "extend_to_user": st["extend_to_user"]}
                if VERSION == "v0.2" or RELEASE:
                    kw["include_timestamps"] = st["timestamps"]
                elif st["public"]:
                    kw["include_runtime_context"] = False
                try:
                    replays.append({"entries": text_of(top(target.get_history, st["max_messages"], **kw))})
                except Exception as e2:  # noqa: BLE001
                    replays.append({"error": err(e2)})
            out["replay"] = replays
            sm, path = p.fresh()
            try:
                top(sm.save, target)
                with open(path, "rb") as fh:
                    b = fh.read()
                out["format"] = {"sha256": hashlib.sha256(b).hexdigest(), "bytes": len(b)}
            except Exception as e2:  # noqa: BLE001
                out["format"] = {"error": err(e2)}
        mm, _ = p.fresh()
        try:
            rows = top(mm.list_sessions)
            out["list"] = {"rows": text_of([{**r, "path": os.path.basename(str(r["path"]))} for r in rows])}
        except Exception as e2:  # noqa: BLE001
            out["list"] = {"error": err(e2)}
        return out
    finally:
        p.close()


def serve():
    check_top()
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        rid = req.get("id")
        try:
            if req.get("op") == "case":
                data = base64.b64decode(req["file_b64"])
                case = strip_lacking({"fixture": req.get("fixture", ""), **run_case(req["key"], data)})
                text = dumps({"id": rid, "case": case})
            elif req.get("op") == "listing":
                files = [(f["name"], base64.b64decode(f["b64"])) for f in req["files"]]
                text = dumps({"id": rid, "listing": run_listing(files)})
            elif req.get("op") == "big":
                text = json.dumps({"id": rid, "big": run_big(req["key"], base64.b64decode(req["file_b64"]), req["settings"])})
            elif req.get("op") == "ping":
                text = dumps({"id": rid, "pong": VERSION, "lacks": LACKS})
            else:
                text = dumps({"id": rid, "crash": "unknown op"})
        except BaseException as e:  # noqa: BLE001
            text = json.dumps({"id": rid, "crash": "".join(traceback.format_exception(e))[-4000:]})
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    # A big C stack for our own deep encodes; nanobot's code keeps CPython's default limit.
    threading.stack_size(1 << 29)
    t = threading.Thread(target=serve)
    t.start()
    t.join()
