"""Golden cases for the save traces, made with nanobot's own `AgentLoop._save_turn`.

    source /tmp/nanobot-env-<v>.sh
    HOME=$(mktemp -d) "$NANOBOT_PYTHON" scripts/save-turn-golden.py <v> > test/turn-golden/save-<v>.json

One turn as the model saw it (the request's messages after the replay) is saved into a session
the way the agent loop does it, with a small `max_tool_result_chars`; the file's messages are
written out, with what the model saw, for the test to find the traces on.
"""

import json
import sys
from types import SimpleNamespace

from nanobot.agent.context import ContextBuilder
from nanobot.agent.loop import AgentLoop
from nanobot.session.manager import Session

VERSION = sys.argv[1]
MAX = 40
IMAGE = {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}, "_meta": {"path": "/tmp/cat.png"}}


def runtime_tail(text):
    if VERSION == "v0.2":
        return text + "\n\n" + ContextBuilder._RUNTIME_CONTEXT_TAG + "\nCurrent Time: 2026-08-05 09:00\n" + ContextBuilder._RUNTIME_CONTEXT_END
    return text


turn = [
    {"role": "user", "content": runtime_tail("Look at the garden files."), **({"_meta": {"runtime_context": {"version": 1, "sources": ["goal"], "suffix": "GOAL"}}} if VERSION != "v0.2" else {})},
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

fake = SimpleNamespace(max_tool_result_chars=MAX)
fake._sanitize_persisted_blocks = lambda content, **kw: AgentLoop._sanitize_persisted_blocks(fake, content, **kw)
session = Session(key="cli:direct")
AgentLoop._save_turn(fake, session, json.loads(json.dumps(turn)), 0)
for m in session.messages:
    m.pop("timestamp", None)
# What the model saw, without nanobot's own runtime-context words (v0.2): the text before them, and a flag.
saw = json.loads(json.dumps(turn))
for m in saw:
    if m["role"] == "user" and isinstance(m["content"], str) and "\n\n[" in m["content"]:
        m["content"] = m["content"].split("\n\n[")[0]
        m["runtime_block_left_out"] = True
json.dump({"version": VERSION, "max_tool_result_chars": MAX, "saw": saw, "saved": session.messages}, sys.stdout, ensure_ascii=False, indent=1)
sys.stdout.write("\n")
