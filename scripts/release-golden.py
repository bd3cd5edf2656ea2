"""A golden corpus made by one nanobot release's own code (issue 40).

Runs the release's own `SessionManager` over the fixtures of a corpus (../shared/golden/fixtures by default)
through the differential fuzzer's oracle (fuzz/oracle.py: the same case format, frozen clock and fixed mtime)
and writes a corpus in the golden format (../shared/golden/README.md), `_index.json` naming the profile.

    eval "$(../shared/nanobot/setup.sh v0.2.1)"
    HOME=$(mktemp -d) "$NANOBOT_PYTHON" scripts/release-golden.py 0.2.1 ../shared/golden-0.2.1
    node scripts/golden-pack.mjs

What a release lacks is recorded, not guessed: `_index.json`'s `lacks` names each missing call or option, and
the cases leave it out (no `read_session_file`, `read_session_metadata` or `estimate_message_tokens` field, a null
fork or retain, no grid rows with a budget, timestamps or extend_to_user the release's get_history does not take).
Runs at every tag from 0.1.4 (each under its own setup.sh environment).
"""

import datetime as _dt
import inspect
import json
import os
import runpy
import shutil
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
PROFILE, OUT = sys.argv[1], os.path.abspath(sys.argv[2])
SRC = os.path.abspath(sys.argv[3] if len(sys.argv) > 3 else os.path.join(HERE, "..", "..", "shared", "golden"))


# The oracle freezes the clock when it is imported; nanobot binds `datetime` when it is, which is first here.
class _Frozen(_dt.datetime):
    @classmethod
    def now(cls, tz=None):  # noqa: D102
        v = cls(2031, 7, 8, 9, 10, 11, 121314)
        return v if tz is None else v.replace(tzinfo=tz)


_dt.datetime = _Frozen
os.environ["TZ"] = "UTC"

from nanobot.utils import helpers as H  # noqa: E402
from nanobot.session import manager as M  # noqa: E402

lacks = []

# Releases before 0.2.2 call tiktoken.get_encoding inside each estimate; the oracle watches the encoder through
# `_get_token_encoding`, so route the module's own lookup through it (same encoder, same counts).
if not hasattr(H, "_get_token_encoding"):
    import tiktoken as _tk

    H._get_token_encoding = lambda: _tk.get_encoding("cl100k_base")

    class _Tiktoken:
        @staticmethod
        def get_encoding(_name):
            return H._get_token_encoding()

    H.tiktoken = _Tiktoken


def _without_option(cls, name, option):
    """The release's method has no `option`: the oracle's calls with it False go through unchanged."""
    orig = getattr(cls, name)
    if option in inspect.signature(orig).parameters:
        return
    lacks.append(f"{name}({option})")

    def call(self, *a, **k):
        if k.pop(option, False):
            raise LookupError(f"{name} has no {option}")
        return orig(self, *a, **k)

    setattr(cls, name, call)



def _returning_dropped(cls):
    """0.2.0's retain returns nothing; its one caller (enforce_file_cap) counts what it dropped itself: the
    messages no longer kept, and min(last_consolidated before, how many) as already consolidated (when any went).
    Releases from 0.1.4.post6 to 0.1.5.post2 have the same retain and no such caller: counted the same way."""
    orig = getattr(cls, "retain_recent_legal_suffix", None)
    if orig is None:
        lacks.append("retain_recent_legal_suffix")
        return
    if inspect.signature(orig).return_annotation not in (None, "None"):
        return
    if hasattr(cls, "enforce_file_cap"):
        lacks.append("retain_recent_legal_suffix(return value: counted as its caller enforce_file_cap counts)")
    else:
        lacks.append("retain_recent_legal_suffix(return value: none and no enforce_file_cap; counted as 0.2.0's enforce_file_cap counts)")

    def call(self, *a, **k):
        before, lc = list(self.messages), self.last_consolidated
        orig(self, *a, **k)
        kept = {id(m) for m in self.messages}
        dropped = [m for m in before if id(m) not in kept]
        # enforce_file_cap stops when nothing went, before it counts anything
        return (dropped, min(lc, len(before) - len(self.messages))) if dropped else ([], 0)

    cls.retain_recent_legal_suffix = call


_returning_dropped(M.Session)
for option in ("max_tokens", "include_timestamps", "extend_to_user"):
    _without_option(M.Session, "get_history", option)
if hasattr(M.Session, "retain_recent_legal_suffix"):
    _without_option(M.Session, "retain_recent_legal_suffix", "extend_to_user")
for method in ("read_session_file", "read_session_metadata", "fork_session_before_user_index"):
    if not hasattr(M.SessionManager, method):
        lacks.append(method)
if not hasattr(H, "estimate_message_tokens"):
    lacks.append("estimate_message_tokens")

# The oracle reads its version from argv: every release of this script keeps v0.2's layout and timestamps.
sys.argv = [os.path.join(HERE, "..", "fuzz", "oracle.py"), "v0.2"]
O = runpy.run_path(sys.argv[0], run_name="release_golden")


def strip_lacking(case):
    """Leave out what the release does not have (rows the oracle asked with an option it lacks)."""
    for method in ("read_session_file", "read_session_metadata", "estimate_message_tokens"):
        if method in lacks:
            case.pop(method, None)
    for method in ("fork_session_before_user_index", "retain_recent_legal_suffix"):
        if method in lacks and case.get(method) is not None:
            case[method] = None
    h = case.get("history")
    # grid rows are [max_messages, max_tokens, include_timestamps, extend_to_user, output]
    for option, col in (("max_tokens", 1), ("include_timestamps", 2), ("extend_to_user", 3)):
        if f"get_history({option})" in lacks and h:
            h["grid"] = [r for r in h["grid"] if not r[col]]
    if "retain_recent_legal_suffix(extend_to_user)" in lacks and case.get("retain_recent_legal_suffix"):
        case["retain_recent_legal_suffix"] = [r for r in case["retain_recent_legal_suffix"] if not r["extend_to_user"]]
    return case


def write(path, value):
    with open(path, "w", encoding="ascii") as f:
        f.write(O["dumps"](value))


def main():
    # (the oracle's own calibration check assumes it is the top-level script; top() itself counts frames)
    manifest = json.load(open(os.path.join(SRC, "fixtures", "_manifest.json")))
    if os.path.exists(OUT):
        shutil.rmtree(OUT)
    shutil.copytree(os.path.join(SRC, "fixtures"), os.path.join(OUT, "fixtures"))
    os.makedirs(os.path.join(OUT, "cases"))
    names = []
    for fx in manifest["fixtures"]:
        with open(os.path.join(SRC, "fixtures", fx["file"]), "rb") as f:
            data = f.read()
        case = {"fixture": fx["file"], **O["run_case"](fx["key"], data), "category": fx["category"], "description": fx["description"]}
        write(os.path.join(OUT, "cases", fx["name"] + ".json"), strip_lacking(case))
        names.append(fx["name"])
    listing = {}
    root = os.path.join(SRC, "fixtures", "listing")
    for scenario in sorted(os.listdir(root)):
        folder = os.path.join(root, scenario)
        files = []
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), "rb") as f:
                files.append((name, f.read()))
        listing[scenario] = O["run_listing"](files)
    write(os.path.join(OUT, "_listing.json"), listing)
    src_index = json.load(open(os.path.join(SRC, "_index.json")))
    index = {
        "format_version": 1,
        "profile": PROFILE,
        "reference": f"nanobot {PROFILE} (pip release; tag v{PROFILE}), its own nanobot/session/manager.py and helpers",
        "made_by": "scripts/release-golden.py through fuzz/oracle.py, real tiktoken cl100k_base",
        "lacks": lacks,
        **{k: src_index[k] for k in ("frozen_now", "now_flag", "fixed_mtime_epoch", "fixed_mtime_iso", "mtime_flag", "tz", "grid", "retain_n", "fork_target_key")},
        "fixtures": names,
    }
    write(os.path.join(OUT, "_index.json"), index)
    print(f"{PROFILE}: {len(names)} cases, {len(listing)} listings, lacks {lacks or 'nothing'} -> {OUT}")


if __name__ == "__main__":
    threading.stack_size(1 << 29)
    t = threading.Thread(target=main)
    t.start()
    t.join()
