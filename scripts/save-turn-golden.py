"""Golden cases for the save traces, made with nanobot's own `AgentLoop._save_turn`.

    source /tmp/nanobot-env-<v>.sh
    HOME=$(mktemp -d) "$NANOBOT_PYTHON" scripts/save-turn-golden.py <v> > test/turn-golden/save-<v>.json

One turn as the model saw it (the request's messages after the replay) is saved into a session
the way the agent loop does it, with a small `max_tool_result_chars`; the file's messages are
written out, with what the model saw, for the test to find the traces on.

At the 0.1.x releases (a version name starting with "0.1.") the turn's first user message is the one the tag's own
`ContextBuilder.build_messages` makes (its runtime context appended, a message of its own, or a prefix), and
the limit is also the class's `_TOOL_RESULT_MAX_CHARS` (a fixed 500 there). 0.1.4 and post1 have no `_save_turn`:
their loop adds the user's text and the final reply with `tools_used`, which is what is recorded (`lacks`).
"""

import datetime as _dt
import inspect
import json
import os
import sys
import tempfile
from pathlib import Path
from types import MethodType, SimpleNamespace


# A frozen clock (bound by nanobot's modules as they are imported, so first here): the runtime context an 0.1.x
# ContextBuilder writes into the user's text holds the time, and the golden must not change with the day it is made.
class _Frozen(_dt.datetime):
    @classmethod
    def now(cls, tz=None):  # noqa: D102
        v = cls(2026, 8, 5, 9, 0, 0)
        return v if tz is None else v.replace(tzinfo=tz)


_dt.datetime = _Frozen
os.environ["TZ"] = "UTC"

from nanobot.agent.context import ContextBuilder  # noqa: E402
from nanobot.agent.loop import AgentLoop  # noqa: E402
from nanobot.session.manager import Session  # noqa: E402

VERSION = sys.argv[1]
MAX = 40
IMAGE = {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}, "_meta": {"path": "/tmp/cat.png"}}


# v0.2 and the 0.2.x releases append a runtime block to the user's text, which their _save_turn strips (read from it).
CLOCK_APPENDED = hasattr(AgentLoop, "_save_turn") and "_RUNTIME_CONTEXT_TAG in content" in inspect.getsource(AgentLoop._save_turn)


def runtime_tail(text):
    if CLOCK_APPENDED:
        return text + "\n\n" + ContextBuilder._RUNTIME_CONTEXT_TAG + "\nCurrent Time: 2026-08-05 09:00\n" + ContextBuilder._RUNTIME_CONTEXT_END
    return text


turn = [
    {"role": "user", "content": runtime_tail("Look at the garden files."), **({"_meta": {"runtime_context": {"version": 1, "sources": ["goal"], "suffix": "GOAL"}}} if not CLOCK_APPENDED else {})},
    {"role": "assistant", "content": "", "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "read_file", "arguments": "{}"}},
        {"id": "c2", "type": "function", "function": {"name": "read_file", "arguments": "{}"}},
        {"id": "c3", "type": "function", "function": {"name": "shot", "arguments": "{}"}},
    ]},
    {"role": "tool", "tool_call_id": "c1", "name": "read_file", "content": "x" * 100},
    {"role": "tool", "tool_call_id": "c2", "name": "read_file", "content": "short"},
    {"role": "tool", "tool_call_id": "c3", "name": "shot", "content": [IMAGE]},
    {"role": "tool", "tool_call_id": "ghost", "name": "read_file", "content": "from nowhere"},
    {"role": "assistant", "content": ""},
    {"role": "user", "content": [IMAGE, {"type": "text", "text": "and this picture?"}]},
    {"role": "assistant", "content": "", "tool_calls": [{"id": "c4", "type": "function", "function": {"name": "grep", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "c4", "name": "grep", "content": [{"type": "text", "text": "y" * 90}]},
    {"role": "assistant", "content": "Done."},
]

RELEASE_01 = VERSION.startswith("0.1.")
lacks = []
if RELEASE_01:
    # The first user message as this release's ContextBuilder builds it (from its second message on: no system prompt).
    built = ContextBuilder(Path(tempfile.mkdtemp())).build_messages(history=[], current_message="Look at the garden files.", channel="cli", chat_id="direct")
    turn = built[1:] + turn[1:]

fake = SimpleNamespace(max_tool_result_chars=MAX, _TOOL_RESULT_MAX_CHARS=MAX)
for name in ("_sanitize_persisted_blocks", "_image_placeholder"):
    if hasattr(AgentLoop, name):
        raw = inspect.getattr_static(AgentLoop, name)
        setattr(fake, name, getattr(AgentLoop, name) if isinstance(raw, staticmethod) else MethodType(raw, fake))
session = Session(key="cli:direct")
raised = None
if hasattr(AgentLoop, "_save_turn"):
    try:
        AgentLoop._save_turn(fake, session, json.loads(json.dumps(turn)), 0)
    except Exception as e:  # noqa: BLE001
        # 0.1.5: its block sanitizer's `truncate_text` flag hides the function of that name; the turn is never saved.
        raised = type(e).__name__
else:
    # 0.1.4, post1: the loop saves the user's text and the final reply, naming the tools the turn used.
    lacks.append("_save_turn")
    tools = [c["function"]["name"] for m in turn if m["role"] == "assistant" for c in m.get("tool_calls") or []]
    session.add_message("user", "Look at the garden files.")
    session.add_message("assistant", turn[-1]["content"], tools_used=tools if tools else None)
for m in session.messages:
    m.pop("timestamp", None)
# What the model saw, without nanobot's own runtime-context words (v0.2): the text before them, and a flag.
saw = json.loads(json.dumps(turn))
for m in saw:
    if m["role"] == "user" and isinstance(m["content"], str) and "\n\n[" in m["content"]:
        m["content"] = m["content"].split("\n\n[")[0]
        m["runtime_block_left_out"] = True
json.dump({"version": VERSION, "max_tool_result_chars": MAX, **({"lacks": lacks} if lacks else {}), **({"raises": raised} if raised else {}), "saw": saw, "saved": session.messages}, sys.stdout, ensure_ascii=False, indent=1)
sys.stdout.write("\n")
