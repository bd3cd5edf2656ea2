"""Golden cases for the turn view, made with nanobot's own code.

Run once per version, inside nanobot's environment and with HOME set to a scratch folder:

    eval "$(../shared/nanobot/setup.sh <v>)"
    HOME=$(mktemp -d) "$NANOBOT_PYTHON" scripts/turn-golden.py <v> > test/turn-golden/<v>.json

<v> is v0.2, v0.3.0, main, or a release from 0.1.4.post5 on by its pip name (setup.sh takes its tag: v0.2.1
for 0.2.1). Each release's differences are found from its own code (signatures, attributes, source), never from
its name. Up to 0.1.4.post4 nanobot never counts the request (the totals are then the content-only count, and
the output says `nanobot_counts: false`) and writes its clock inline, which this script does not freeze yet: no
golden cases are made there.

(setup.sh's default folder, /tmp/nanobot-<v>: the built-in skills' summary spells nanobot's own
install path at v0.2 and v0.3.0, so its figures are that folder's.)

It lays out small workspaces (with and without each file, templates untouched and edited, skills,
long memory), builds the next request with `ContextBuilder.build_messages`, reads the archive with
`nanobot.agent.memory.MemoryStore`, and writes what came out as counts, hashes and the messages the
test can rebuild. nanobot's own texts (its built-in instructions and templates) are never written:
only their SHA-256 and token counts. A template-based workspace file is written as a recipe
(`{"template": ..., "before": ..., "after": ...}`) that the test rebuilds from nanobot's archive.

Each case is also built as the agent loop builds it for a `cli:direct` session (and for other
channels' sessions over some workspaces) at a fixed clock, and measured with nanobot's own
`estimate_prompt_tokens_chain`: the total the turn must give. `joined_figures` are nanobot's texts
where they meet the rest of that joined text, each checked against a second rendering.
"""

import hashlib
import json
import os
import shutil
import sys
import time
from pathlib import Path

# The joined cases' clock is printed in the machine's zone: UTC, named "UTC", wherever this runs.
os.environ["TZ"] = "UTC"
time.tzset()

VERSION = sys.argv[1]
ROOT = Path("/tmp/sl-turn-golden") / VERSION
# Skill availability and built-in skill requirements read PATH and the environment: keep them empty.
os.environ["PATH"] = ""

import tiktoken  # noqa: E402

import nanobot.agent.context as context_mod  # noqa: E402
from nanobot.agent.context import ContextBuilder  # noqa: E402
from nanobot.agent.memory import MemoryStore  # noqa: E402
from nanobot.agent.skills import SkillsLoader  # noqa: E402
from nanobot.session.manager import Session  # noqa: E402
try:
    from nanobot.utils.helpers import load_bundled_template  # noqa: E402
except ImportError:  # 0.2.0: no helper; its ContextBuilder reads the package's template files the same way
    from importlib.resources import files as _pkg_files

    def load_bundled_template(name):
        tpl = _pkg_files("nanobot") / "templates" / name
        return tpl.read_text(encoding="utf-8") if tpl.is_file() else None
try:
    from nanobot.utils.prompt_templates import render_template  # noqa: E402
except ImportError:  # 0.1.4.x: the identity and the skills section are written in ContextBuilder's own code
    render_template = None

import inspect  # noqa: E402
import types  # noqa: E402
import platform  # noqa: E402
from datetime import datetime as _datetime, timezone as _timezone  # noqa: E402

import nanobot.utils.helpers as helpers_mod  # noqa: E402
try:
    from nanobot.utils.helpers import estimate_prompt_tokens_chain  # noqa: E402
    HAS_ESTIMATOR = True
except ImportError:  # up to 0.1.4.post4 nanobot never counts the request's tokens

    def estimate_prompt_tokens_chain(provider, model, messages, tools):
        """Not nanobot's: where it never counts, the request is counted the way its first estimator (0.1.4.post5)
        does, the messages' content joined by newlines; the app says this is not nanobot's number."""
        parts = []
        for m in messages:
            c = m.get("content")
            if isinstance(c, str):
                parts.append(c)
            elif isinstance(c, list):
                parts.extend(b.get("text", "") for b in c if isinstance(b, dict) and b.get("type") == "text" and b.get("text"))
        return tokens("\n".join(parts)), "tiktoken"

    HAS_ESTIMATOR = False

ENC = tiktoken.get_encoding("cl100k_base")
# Releases differ in what the system prompt holds and how the recent history is cut (read from each tag's ContextBuilder):
# the tool contract arrives at 0.2.1; before 0.2.2 the recent history is cut to 32,000 characters, later to 8,000 tokens.
HAS_TOOL_CONTRACT = load_bundled_template("agent/tool_contract.md") is not None
# (0.1.5.post1 and post2 do not cut it.)
HISTORY_CAP = (
    {"tokens": ContextBuilder._MAX_HISTORY_TOKENS} if hasattr(ContextBuilder, "_MAX_HISTORY_TOKENS")
    else {"chars": ContextBuilder._MAX_HISTORY_CHARS} if hasattr(ContextBuilder, "_MAX_HISTORY_CHARS") else None
)
# The replay the agent loop asks for: the v0.2-like releases as v0.2 (120 messages, with timestamps).
V02_LIKE = {"v0.2", "0.2.2", "0.2.1", "0.2.0", "0.1.5.post3"}
# 0.1.5.post3: the runtime block goes before the user's text, and a pending summary goes in it, not in the system prompt.
SUMMARY_IN_RUNTIME = hasattr(ContextBuilder, "_build_runtime_context") and "session_summary" in inspect.signature(ContextBuilder._build_runtime_context).parameters
# 0.1.5: no recent history in the prompt, no session summary at all (no autocompact).
HAS_RECENT_HISTORY = hasattr(ContextBuilder, "_MAX_RECENT_HISTORY")
# Up to 0.1.5.post3 the runtime block goes before the user's text (read from build_messages' own code).
PREFIXED = 'f"{runtime_ctx}\\n\\n{user_content}"' in inspect.getsource(ContextBuilder.build_messages)
HAS_SUMMARY = "session_summary" in inspect.signature(ContextBuilder.build_messages).parameters


def call(fn, *args, **kwargs):
    """nanobot's function with the keyword arguments this release's signature takes (older ones take fewer)."""
    params = inspect.signature(fn).parameters
    return fn(*args, **{k: v for k, v in kwargs.items() if k in params})


def load_bootstrap(cb, ws):
    """The bootstrap sections: a workspace argument from 0.2.1 on, before it the builder's own workspace."""
    return cb._load_bootstrap_files(ws) if inspect.signature(cb._load_bootstrap_files).parameters else cb._load_bootstrap_files()
SEP = "\n\n---\n\n"
CLOCK = "CLOCK"
# The joined cases' clock: nanobot's own current_time_str at a fixed instant, in UTC (run with TZ=UTC).
NOW = _datetime(2026, 8, 5, 9, 30, tzinfo=_timezone.utc)
REAL_CLOCK = getattr(context_mod, "current_time_str", None)
clock_mode = {"fixed": True}


class _FrozenDatetime(_datetime):
    @classmethod
    def now(cls, tz=None):
        return NOW.astimezone(tz) if tz else NOW.replace(tzinfo=None)


def _clock(timezone=None):
    if clock_mode["fixed"]:
        return CLOCK
    saved = helpers_mod.datetime
    helpers_mod.datetime = _FrozenDatetime
    try:
        return REAL_CLOCK(timezone) if inspect.signature(REAL_CLOCK).parameters else REAL_CLOCK()  # (0.1.4.post5: no zone)
    finally:
        helpers_mod.datetime = saved


if REAL_CLOCK is not None:
    context_mod.current_time_str = _clock  # the clock is machine-dependent: fixed


def tokens(text):
    return len(ENC.encode(text, disallowed_special=()))


def sha(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def template(name):
    return load_bundled_template(name)


def figures():
    """nanobot's built-in texts, measured: never stored."""
    out = {"templates": {}}
    for name in ["AGENTS.md", "SOUL.md", "USER.md", "TOOLS.md", "memory/MEMORY.md", "legacy/SOUL.md"]:
        tpl = template(name)
        if tpl is not None:
            out["templates"][name] = {"sha256": sha(tpl.strip()), "tokens": tokens(tpl), "section_tokens": tokens(f"## {name}\n\n{tpl}")}
    # The identity with its slots empty, and how many times it spells the workspace path (a marker path, counted).
    out["identity"] = tokens(render_identity("", "", ""))
    out["identity_workspace_slots"] = render_identity("@WS@", "@RT@", "").count("@WS@")
    out["tool_contract"] = tokens(render_template("agent/tool_contract.md")) if HAS_TOOL_CONTRACT else None
    out["recent_history_cap"] = HISTORY_CAP
    out["skills_section"] = tokens(skills_section(""))
    empty = ROOT / "_empty"
    empty.mkdir(parents=True, exist_ok=True)
    loader = SkillsLoader(empty)
    always = loader.get_always_skills()
    out["builtin_active_skills"] = sorted(always)
    active = loader.load_skills_for_context(always)
    out["builtin_active_skills_tokens"] = tokens(f"# Active Skills\n\n{active}") if active else 0
    summary = call(loader.build_skills_summary, exclude=set(always))
    out["builtin_skills_summary_tokens"] = tokens(summary)
    out["builtin_skills"] = sorted(e["name"] for e in loader.list_skills(filter_unavailable=False))
    if hasattr(loader, "build_explicit_skill_runtime_context"):
        # The frame around skills a message names with `$name` (main), its content left empty.
        from nanobot.runtime_context import RuntimeContextBlock  # noqa: F401
        probe = ROOT / "_probe"
        (probe / "skills" / "zz-probe").mkdir(parents=True, exist_ok=True)
        (probe / "skills" / "zz-probe" / "SKILL.md").write_text("---\nname: zz-probe\ndescription: probe\n---\n\nX\n")
        block = SkillsLoader(probe, builtin_skills_dir=ROOT / "_no_builtin").build_explicit_skill_runtime_context("$zz-probe")
        body = "### Skill: zz-probe\n\nX"
        out["explicit_skills_frame"] = tokens("\n\n" + block.content.replace(body, ""))
    else:
        out["explicit_skills_frame"] = None
    if hasattr(ContextBuilder, "_build_runtime_context"):
        frame = call(ContextBuilder._build_runtime_context, None, None, timezone=None)
        out["runtime_frame"] = tokens("\n\n" + frame.replace(CLOCK, ""))
    else:
        out["runtime_frame"] = None
    return out


# --- the joined request: figures for nanobot's own texts where they meet the rest ----------------
#
# estimate_prompt_tokens_chain encodes the whole request as one text (every message's parts joined by
# "\n"). cl100k never merges across some joins ("---" always starts a piece; a slot value after ": "
# starts one with its space), so each of nanobot's own texts is kept as its tokens alone plus what the
# text after it adds where it meets it. Every figure below is checked against a second rendering.

# Channels probed for the identity's format hint; those rendering alike share a group (0: no hint).
PROBE_CHANNELS = ["", "cli", "mochat", "telegram", "qq", "discord", "whatsapp", "sms", "email", "slack", "feishu", "dingtalk", "matrix", "api", "websocket"]
RUNTIME_A = "Linux x86_64, Python 3.12.3"
RUNTIME_B = "macOS arm64, Python 3.13.10"
PATH_A = "/home/ada/ws1"
PATH_B = "/srv/Проект/long folder/nanobot9"


def code_identity(ws, runtime, system):
    """0.1.4.x: the identity ContextBuilder writes in code, its slots filled by swapping marker values for the given ones."""
    mark = ROOT / "_ws_mark"
    mark.mkdir(parents=True, exist_ok=True)
    saved = context_mod.platform
    context_mod.platform = types.SimpleNamespace(system=lambda: system, machine=lambda: "@MACHINE@", python_version=lambda: "@PY@")
    try:
        text = ContextBuilder(mark)._get_identity()
    finally:
        context_mod.platform = saved
    shown = f"{'macOS' if system == 'Darwin' else system} @MACHINE@, Python @PY@"
    assert shown in text and "@MACHINE@" not in text.replace(shown, "")
    return text.replace(shown, runtime).replace(str(mark.resolve()), ws)


def skills_section(summary):
    """The skills section around a summary: the template's, or (0.1.4.x) the words ContextBuilder writes in code, found
    by building a prompt whose summary is a marker."""
    if render_template is not None:
        return render_template("agent/skills_section.md", skills_summary=summary)
    empty = ROOT / "_empty"
    empty.mkdir(parents=True, exist_ok=True)
    cb = ContextBuilder(empty)
    cb.skills.build_skills_summary = lambda *a, **k: "@SUMMARY@"
    cb.skills.get_always_skills = lambda: []
    part = next(p for p in cb.build_system_prompt().split(SEP) if "@SUMMARY@" in p)
    assert part.endswith("@SUMMARY@") and part.count("@SUMMARY@") == 1
    return part[: -len("@SUMMARY@")] + summary


def render_identity(ws, runtime, channel, system="Linux"):
    if render_template is None:
        return code_identity(ws, runtime, system)
    policy = render_template("agent/platform_policy.md", system=system)
    return render_template("agent/identity.md", workspace_path=ws, agent_workspace_path=ws, runtime=runtime, platform_policy=policy, channel=channel)


def identity_alone(ws, runtime, channel, slots, system="Linux"):
    """The identity's tokens less its runtime line and its workspace-path slots (each counted with the space before it)."""
    return tokens(render_identity(ws, runtime, channel, system)) - slots * tokens(" " + ws) - tokens(runtime)


def sep_extra(text):
    return tokens(text + "\n\n") - tokens(text)


def joined_figures():
    out = {}
    slots = render_identity("@WS@", "@RT@", "").count("@WS@")
    out["identity_slots"] = slots
    groups, hints, alone = {}, {}, []
    for ch in PROBE_CHANNELS:
        key = sha(render_identity(PATH_A, RUNTIME_A, ch))
        if key not in groups:
            groups[key] = len(groups)
            a = identity_alone(PATH_A, RUNTIME_A, ch, slots)
            assert a == identity_alone(PATH_B, RUNTIME_B, ch, slots), "identity slots do not join alike"
            alone.append(a)
            extras = {sep_extra(render_identity(p, r, ch)) for p in (PATH_A, PATH_B) for r in (RUNTIME_A, RUNTIME_B)}
            assert len(extras) == 1
            out["identity_sep"] = extras.pop()
        if groups[key]:
            hints[ch] = groups[key]
    assert groups[sha(render_identity(PATH_A, RUNTIME_A, ""))] == 0
    out["identity"] = alone
    out["format_hints"] = hints
    out["identity_windows"] = identity_alone("C:\\Users\\ada\\ws1", "Windows AMD64, Python 3.12.3", "", slots, "Windows") - alone[0]
    if HAS_TOOL_CONTRACT:
        tc = render_template("agent/tool_contract.md")
        assert tc and not tc[0].isspace()
        out["tool_contract_sep"] = sep_extra(tc)
    else:
        out["tool_contract_sep"] = None
    soul = template("SOUL.md")
    out["soul_sep"] = sep_extra(f"## SOUL.md\n\n{soul}") if soul is not None else None
    empty = ROOT / "_empty"
    empty.mkdir(parents=True, exist_ok=True)
    loader = SkillsLoader(empty)
    always = loader.get_always_skills()
    bodies = {n: loader.load_skills_for_context([n]) for n in always}
    out["builtin_active"] = {n: tokens(b + "\n\n") for n, b in bodies.items()}
    if bodies:
        whole = loader.load_skills_for_context(always)
        assert tokens(whole + "\n\n") == sum(out["builtin_active"].values()) + (len(bodies) - 1) * tokens("---\n\n")
    section = skills_section("@SUMMARY@")
    assert section.endswith("@SUMMARY@") and section.count("@SUMMARY@") == 1
    head = section[: -len("@SUMMARY@")]
    assert head.endswith("\n")
    out["skills_head"] = tokens(head)
    kw = {"workspace": empty} if VERSION == "main" else {}
    builtin = call(loader.build_skills_summary, exclude=set(always), **kw)
    assert builtin and not builtin[0].isspace()
    assert tokens(head + builtin) == out["skills_head"] + tokens(builtin)
    out["builtin_summary"] = {"tokens": tokens(builtin), "sep": sep_extra(builtin), "nl": tokens(builtin + "\n") - tokens(builtin)}
    if builtin.startswith("<skills>\n"):
        # 0.1.5.post1: one XML list, the workspace's skills first: the built-in list less its opening, after the
        # workspace's list less its closing. Checked on a probe workspace.
        out["xml_skills"] = {"open": tokens("<skills>\n"), "close": tokens("</skills>")}
        probe = ROOT / "_xml_probe"
        (probe / "skills" / "zz-probe").mkdir(parents=True, exist_ok=True)
        (probe / "skills" / "zz-probe" / "SKILL.md").write_text("---\nname: zz-probe\ndescription: A probe & <test>.\n---\n\nX\n")
        mine = SkillsLoader(probe, builtin_skills_dir=ROOT / "_no_builtin").build_skills_summary()
        both = SkillsLoader(probe).build_skills_summary()
        assert both == mine[: -len("</skills>")] + builtin[len("<skills>\n"):]
        assert tokens(both) == tokens(mine) - out["xml_skills"]["close"] + tokens(builtin) - out["xml_skills"]["open"]
    else:
        out["xml_skills"] = None
    if REAL_CLOCK is not None:
        clock_mode["fixed"] = False
        t_a = _clock(None)
        clock_mode["fixed"] = True
        t_b = "2027-01-31 23:59 (Sunday) (CET, UTC+01:00)"

        def runtime_block(t, ch, chat, summary=None):
            context_mod.current_time_str = lambda timezone=None: t
            try:
                return call(ContextBuilder._build_runtime_context, ch, chat, timezone=None, session_summary=summary)
            finally:
                context_mod.current_time_str = _clock

        def frame(t, ch, chat):
            block = runtime_block(t, ch, chat)
            assert not block[0].isspace()
            n = tokens(block) - tokens(" " + t + "\n")
            if ch and chat:
                n -= tokens(" " + ch + "\n") + tokens(" " + chat + "\n")
            return n

        out["clock_frame"] = {"chat": frame(t_a, "cli", "direct"), "no_chat": frame(t_a, None, None)}
        assert out["clock_frame"] == {"chat": frame(t_b, "telegram", "12345"), "no_chat": frame(t_b, None, None)}
        # A block before the user's text: what the `\n\n` after it adds.
        # (0.1.5's block has no closing line: it ends with the clock or the chat id, which the `\n\n` may join.)
        def prefix_sep(ch, chat):
            seps = {tokens(runtime_block(t, ch, chat) + "\n\n") - tokens(runtime_block(t, ch, chat)) for t in (t_a, t_b)}
            assert len(seps) == 1
            return seps.pop()

        out["clock_prefix_sep"] = {"chat": prefix_sep("cli", "direct"), "no_chat": prefix_sep(None, None)}
        assert out["clock_prefix_sep"]["chat"] == prefix_sep("telegram", "12345")
        if SUMMARY_IN_RUNTIME:
            # The summary inside the block: nanobot's words, the idle minutes (` N`) and the text (` TEXT\n`).
            def in_block(t, ch, chat, idle, text):
                summary = f"Inactive for {idle} minutes.\nPrevious conversation summary: {text}"
                assert summary == AutoCompactFormat(text, idle)
                return tokens(runtime_block(t, ch, chat, summary)) - tokens(runtime_block(t, ch, chat)) - tokens(f" {idle}") - tokens(f" {text}\n")

            out["runtime_summary_frame"] = {"chat": in_block(t_a, "cli", "direct", 90, SUMMARY_TEXT), "no_chat": in_block(t_a, None, None, 90, SUMMARY_TEXT)}
            assert out["runtime_summary_frame"] == {"chat": in_block(t_b, "telegram", "12345", 123456, "Другой текст, *with* marks."), "no_chat": in_block(t_b, None, None, 7, "Другой текст, *with* marks.")}
        else:
            out["runtime_summary_frame"] = None
    else:
        out["clock_frame"] = None
        out["clock_prefix_sep"] = None
        out["runtime_summary_frame"] = None

    def summary_part(iso, text):
        return "[Archived Context Summary]\n\n" + (session_summary_text(iso, text))

    def summary_frame(iso, text):
        return tokens(summary_part(iso, text)) - tokens(" " + iso) - tokens(text)

    if not SUMMARY_IN_RUNTIME and HAS_SUMMARY:
        out["summary_frame"] = summary_frame("2026-08-05T08:00:00", SUMMARY_TEXT)
        assert out["summary_frame"] == summary_frame("2027-12-31T23:59:59.123456", "Другой текст, *with* marks.")
    else:
        out["summary_frame"] = None
    if hasattr(SkillsLoader, "build_explicit_skill_runtime_context"):
        probe = ROOT / "_probe"
        (probe / "skills" / "zz-probe").mkdir(parents=True, exist_ok=True)
        (probe / "skills" / "zz-probe" / "SKILL.md").write_text("---\nname: zz-probe\ndescription: probe\n---\n\nX\n")
        block = SkillsLoader(probe, builtin_skills_dir=ROOT / "_no_builtin").build_explicit_skill_runtime_context("$zz-probe").content
        body = "### Skill: zz-probe\n\nX"
        at = block.index(body)
        head, tail = block[:at], block[at + len(body) + 1:]
        assert block[at + len(body)] == "\n" and not block[0].isspace() and not tail[0].isspace()
        out["explicit_skills"] = {"head": tokens(head), "tail": tokens(tail)}
        assert tokens(block) == tokens(head) + tokens(body + "\n") + tokens(tail)
    else:
        out["explicit_skills"] = None
    return out


def AutoCompactFormat(text, idle):
    """0.1.5.post3's summary for a session idle `idle` minutes, by its own _format_summary at a frozen clock."""
    import nanobot.agent.autocompact as ac
    saved = ac.datetime
    ac.datetime = _FrozenDatetime
    try:
        return ac.AutoCompact._format_summary(text, NOW.replace(tzinfo=None) - __import__("datetime").timedelta(minutes=idle))
    finally:
        ac.datetime = saved


def session_summary_text(iso, text):
    """The session summary as build_system_prompt wraps it (the same words at every version)."""
    if VERSION == "main":
        return f"Previous conversation summary (last active {iso}):\n{text}"
    from nanobot.agent.autocompact import AutoCompact
    return AutoCompact._format_summary(text, _datetime.fromisoformat(iso))


# Other channels' sessions over some of the workspaces: each format hint, chat ids of every shape.
CHANNEL_KEYS = ["telegram:12345", "email:ada@example.com", "whatsapp:+4915550001", "slack:C0123", "mochat:room-7"]
CHANNEL_CASES = ["all-files", "memory-history", "summary-pending"]


def joined_request(cb, history, current, pending, key="cli:direct"):
    """The request as the agent loop builds it for a session `channel:chat_id` at the fixed clock, and nanobot's estimate of it."""
    channel, chat_id = key.split(":", 1)
    kwargs = {"channel": channel, "session_key": key, "session_summary": pending}
    if "chat_id" in inspect.signature(cb.build_messages).parameters:
        kwargs["chat_id"] = chat_id
    clock_mode["fixed"] = False
    try:
        built = call(cb.build_messages, history=json.loads(json.dumps(history)), current_message=current, **kwargs)
        clock = _clock(None) if REAL_CLOCK is not None else None
    finally:
        clock_mode["fixed"] = True
    total, source = estimate_prompt_tokens_chain(None, None, built, None)
    assert source == "tiktoken"
    return {"key": key, "channel": channel, "chat_id": kwargs.get("chat_id"), "now": NOW.isoformat(), "clock": clock, "messages": len(built), "total": total}


# --- the workspaces -----------------------------------------------------------------------------

MEM_TEXT = "# Facts\n\n- The user prefers short answers.\n- Project: a garden planner in Rust.\n"
AGENTS_TEXT = "# House rules\n\nAnswer in English. Run the tests before saying done.\n"
SOUL_TEXT = "I am a careful helper who names what it does not know.\n"
USER_TEXT = "Name: Ada\nTimezone: Europe/Berlin\n"
TOOLS_TEXT = "Never call the shell tool without asking.\n"

SKILL_PLAIN = "---\nname: brew\ndescription: Brew tea the slow way.\n---\n\n# Brew\n\nBoil, wait, pour.\n"
SKILL_ALWAYS = "---\nname: tidy\ndescription: Keep the desk tidy.\nalways: true\n---\n\n# Tidy\n\nPut things back.\n"


def hist(cursor, ts, content, key=None, **extra):
    e = {"cursor": cursor, "timestamp": ts, "content": content}
    if key is not None:
        e["session_key"] = key
    e.update(extra)
    return json.dumps(e, ensure_ascii=False)


KEY = "cli:direct"
HISTORY_MIXED = "\n".join([
    hist(1, "2026-08-01 10:00", "Talked about tea.", KEY),
    hist(2, "2026-08-01 11:00", "Another chat.", "telegram:42"),
    hist(3, "2026-08-02 09:00", "Planned the garden.", KEY),
    '{"cursor": true, "timestamp": "x", "content": "bool cursor"}',
    '{"cursor": 4, "timestamp": 5, "content": "bad timestamp"}',
    "not json",
    hist(5, "2026-08-03 09:00", "Heartbeat ran.", "heartbeat"),
    hist(6, "2026-08-04 09:00", "Fixed the fence.", KEY),
    hist(7, "2026-08-04 10:00", "No key at all."),
]) + "\n"


LONG_WORDS = "The consolidated summary mentions tomatoes, basil, watering at dawn and a broken hose. "


def long_history(spec):
    """A recipe the test rebuilds the same way: `count` entries of `words` repeated `times`, numbered."""
    return "\n".join(
        hist(i, f"2026-08-{1 + i % 28:02d} 08:00", spec["words"] * spec["times"] + f"#{i}", spec["key"]) for i in range(1, spec["count"] + 1)
    ) + "\n"


def file_text(spec):
    if isinstance(spec, str):
        return spec
    if "template" in spec:
        return spec["before"] + template(spec["template"]) + spec["after"]
    if "repeat" in spec:
        return spec["repeat"] * spec["times"]
    return long_history(spec["history"])


SUMMARY_TEXT = "We planned the garden beds and fixed the fence."
# Sessions whose metadata holds the summary nanobot keeps after compacting an idle session.
METADATA = {"summary-pending": {"_last_summary": {"text": SUMMARY_TEXT, "last_active": "2026-08-05T08:00:00"}}}


def session_summary(metadata):
    """What the agent loop passes as session_summary for this metadata, at this version."""
    raw = metadata.get("_last_summary")
    if not isinstance(raw, dict):
        return None
    from datetime import datetime
    if VERSION == "main":
        from nanobot.session.summary import session_summary_from_metadata
        return session_summary_from_metadata(metadata, fallback_last_active=datetime.now())
    try:
        import nanobot.agent.autocompact as ac
    except ImportError:  # 0.1.5: the loop never resumes a session with a summary
        return None
    saved = ac.datetime
    ac.datetime = _FrozenDatetime  # 0.1.5.post3 counts the idle minutes to now: the fixed clock
    try:
        return ac.AutoCompact._format_summary(raw["text"], datetime.fromisoformat(raw["last_active"]))
    finally:
        ac.datetime = saved


def tpl(name, before="", after=""):
    return {"template": name, "before": before, "after": after}


CASES = [
    ("empty", {}),
    ("all-files", {"AGENTS.md": AGENTS_TEXT, "SOUL.md": SOUL_TEXT, "USER.md": USER_TEXT, "TOOLS.md": TOOLS_TEXT, "memory/MEMORY.md": MEM_TEXT}),
    ("templates-untouched", {"AGENTS.md": tpl("AGENTS.md"), "SOUL.md": tpl("SOUL.md"), "USER.md": tpl("USER.md"), "memory/MEMORY.md": tpl("memory/MEMORY.md")}),
    ("templates-untouched-whitespace", {"AGENTS.md": tpl("AGENTS.md", "\n  ", "\n\n\t"), "USER.md": tpl("USER.md", "", "   \n"), "memory/MEMORY.md": tpl("memory/MEMORY.md", "\n", "\n\n")}),
    ("templates-edited", {"AGENTS.md": tpl("AGENTS.md", "", "\n- Also: water the plants.\n"), "USER.md": tpl("USER.md", "Name: Ada\n"), "memory/MEMORY.md": tpl("memory/MEMORY.md", "", "\n- Likes tea.\n")}),
    ("legacy-soul", {"SOUL.md": tpl("legacy/SOUL.md"), "USER.md": USER_TEXT}),
    ("blank-files", {"AGENTS.md": "   \n", "SOUL.md": "", "USER.md": "\n\n", "memory/MEMORY.md": ""}),
    ("skills-mention", {"skills/brew/SKILL.md": SKILL_PLAIN, "skills/tidy/SKILL.md": SKILL_ALWAYS}),
    ("skills", {"AGENTS.md": AGENTS_TEXT, "skills/brew/SKILL.md": SKILL_PLAIN, "skills/tidy/SKILL.md": SKILL_ALWAYS, "skills/notes/README.md": "not a skill\n"}),
    ("memory-history", {"memory/MEMORY.md": MEM_TEXT, "memory/history.jsonl": HISTORY_MIXED, "memory/.dream_cursor": "1\n"}),
    ("memory-history-bad-cursor", {"memory/history.jsonl": HISTORY_MIXED, "memory/.dream_cursor": "soon"}),
    ("summary-pending", {"memory/history.jsonl": HISTORY_MIXED + hist(8, "2026-08-05 08:00", SUMMARY_TEXT, KEY) + "\n" + hist(9, "2026-08-05 09:00", "After the summary.", KEY) + "\n"}),
    ("history-non-object", {"memory/history.jsonl": hist(1, "2026-08-01 10:00", "Talked about tea.", KEY) + "\n[1, 2]\n" + hist(2, "2026-08-02 10:00", "Planned the garden.", KEY) + "\n"}),
    ("long-memory", {"memory/MEMORY.md": {"repeat": MEM_TEXT, "times": 40}, "memory/history.jsonl": {"history": {"count": 80, "key": KEY, "words": LONG_WORDS, "times": 12}}}),
]

SESSIONS = {
    "plain": [
        {"role": "user", "content": "Hi, can you plan the garden?", "timestamp": "2026-08-05T09:00:00"},
        {"role": "assistant", "content": "Sure. Beds first.", "timestamp": "2026-08-05T09:00:05"},
    ],
    "tools-then-user": [
        {"role": "user", "content": "List the files.", "timestamp": "2026-08-05T09:00:00"},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "list_dir", "arguments": "{\"path\": \".\"}"}}], "timestamp": "2026-08-05T09:00:01"},
        {"role": "tool", "tool_call_id": "call_1", "name": "list_dir", "content": "a.txt\nb.txt", "timestamp": "2026-08-05T09:00:02"},
        {"role": "assistant", "content": "Two files.", "timestamp": "2026-08-05T09:00:03"},
        {"role": "user", "content": "Thanks, and the third?", "timestamp": "2026-08-05T09:01:00"},
    ],
}

MESSAGES = {"plain": "What should I plant in May?", "tools-then-user": "Also check the garden notes."}
# A message naming skills with `$name` (main loads the named ones into a runtime-context block).
CASE_MESSAGES = {"skills-mention": "Please $brew some tea, then $tidy up and $nosuch too; $brew again."}


def write_case(ws, files):
    if ws.exists():
        shutil.rmtree(ws)
    ws.mkdir(parents=True)
    for rel, spec in files.items():
        text = file_text(spec)
        p = ws / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")


def bootstrap_pieces(cb, ws):
    """Each bootstrap file's section alone: a workspace holding only that file."""
    pieces = []
    for name in ContextBuilder.BOOTSTRAP_FILES:
        if not (ws / name).exists():
            continue
        solo = ws.parent / (ws.name + "__solo")
        if solo.exists():
            shutil.rmtree(solo)
        solo.mkdir()
        shutil.copy(ws / name, solo / name)
        text = load_bootstrap(ContextBuilder(solo), solo)
        shutil.rmtree(solo)
        if text:
            pieces.append({"file": name, "tokens": tokens(text), "sha256": sha(text), "builtin_text": text.strip() != f"## {name}\n\n{(ws / name).read_text()}".strip()})
    return pieces


def history_kwargs():
    if VERSION in V02_LIKE:
        return {"max_messages": 120, "include_timestamps": True}
    if VERSION == "v0.3.0":
        return {"max_messages": 2000}
    return {}


def as_cursor(c):
    """A cursor as nanobot compares it: before 0.1.5.post2 a bool cursor is not dropped but compared as its int."""
    return int(c) if isinstance(c, bool) else c


def archive_entries(store):
    """The entries MemoryStore reads: valid cursors only from 0.1.5.post2; before, every JSON line, its cursor unchecked
    (a bool cursor is compared as the int it is: recorded as that int)."""
    if hasattr(store, "_iter_valid_entries"):
        return [{"cursor": c, "session_key": e.get("session_key")} for e, c in store._iter_valid_entries()]
    return [{"cursor": as_cursor(e["cursor"]), "session_key": e.get("session_key")} for e in store._read_entries()]


def run_case(name, files, session_name):
    ws = ROOT / name
    write_case(ws, files)
    cb = ContextBuilder(ws)
    messages_in = json.loads(json.dumps(SESSIONS[session_name]))
    metadata = json.loads(json.dumps(METADATA.get(name, {})))
    session = Session(key=KEY, messages=messages_in, metadata=metadata)
    history = session.get_history(**history_kwargs())
    current = CASE_MESSAGES.get(name, MESSAGES[session_name])
    pending = session_summary(metadata)
    try:
        built = call(cb.build_messages, history=history, current_message=current, channel=None, session_key=KEY, session_summary=pending)
    except Exception as e:  # nanobot's own failure on a line of the archive is the answer: the turn cannot be built
        if name != "history-non-object":
            raise
        return {"name": f"{name}/{session_name}", "workspace": str(ws), "files": files, "session": {"key": KEY, "messages": messages_in, "metadata": metadata},
                "history_kwargs": history_kwargs(), "current_message": current, "raises": type(e).__name__}
    system = built[0]["content"]
    # The system prompt part by part, each from nanobot's own methods, checked against the whole.
    parts = [{"kind": "identity", "text": call(cb._get_identity, channel=None, workspace=ws)}]
    boot = load_bootstrap(cb, ws)
    if boot:
        parts.append({"kind": "bootstrap", "text": boot})
    if HAS_TOOL_CONTRACT:
        parts.append({"kind": "tool-contract", "text": render_template("agent/tool_contract.md")})
    memory = cb.memory.read_memory() if hasattr(cb.memory, "read_memory") else cb.memory.read_long_term()  # (0.1.4.x)
    # (0.1.5.post1 keeps an untouched MEMORY.md template: it has no such check.)
    if memory and not (hasattr(cb, "_is_template_content") and cb._is_template_content(memory, "memory/MEMORY.md")):
        parts.append({"kind": "memory", "text": f"# Memory\n\n## Long-term Memory\n{memory}"})
    always = cb.skills.get_always_skills()
    if always:
        active = cb.skills.load_skills_for_context(always)
        if active:
            parts.append({"kind": "active-skills", "text": f"# Active Skills\n\n{active}"})
    summary_kwargs = {"workspace": ws} if VERSION == "main" else {}
    summary = call(cb.skills.build_skills_summary, exclude=set(always), **summary_kwargs)
    if summary:
        parts.append({"kind": "skills", "text": skills_section(summary)})
    if not HAS_RECENT_HISTORY:
        entries = []
    elif hasattr(cb.memory, "read_recent_history_for_prompt"):
        entries = cb.memory.read_recent_history_for_prompt(since_cursor=cb.memory.get_last_dream_cursor(), session_key=KEY, unified_session=False)
    else:  # before 0.2.2: every unprocessed entry, of any session
        entries = cb.memory.read_unprocessed_history(since_cursor=cb.memory.get_last_dream_cursor())
    recent = None
    if entries:
        capped = entries[-ContextBuilder._MAX_RECENT_HISTORY:]
        if hasattr(ContextBuilder, "_without_duplicate_session_summary"):
            capped = ContextBuilder._without_duplicate_session_summary(capped, session_key=KEY, session_summary=pending)
        text = "\n".join(f"- [{e['timestamp']}] {e['content']}" for e in capped)
        if HISTORY_CAP is None:
            cut = text
        elif "tokens" in HISTORY_CAP:
            from nanobot.utils.helpers import truncate_text_to_tokens
            cut = truncate_text_to_tokens(text, HISTORY_CAP["tokens"])
        else:
            from nanobot.utils.helpers import truncate_text
            cut = truncate_text(text, HISTORY_CAP["chars"])
        parts.append({"kind": "recent-history", "text": "# Recent History\n\n" + cut})
        recent = {"cursors": [as_cursor(e["cursor"]) for e in capped], "uncut_tokens": tokens("# Recent History\n\n" + text), "truncated": cut != text}
    if pending and not SUMMARY_IN_RUNTIME:
        if VERSION == "main":
            wrapped = f"Previous conversation summary (last active {pending['last_active']}):\n{pending['text']}"
        else:
            wrapped = pending
        parts.append({"kind": "session-summary", "text": "[Archived Context Summary]\n\n" + wrapped})
    assert SEP.join(p["text"] for p in parts) == system, f"{name}: parts do not make the system prompt"

    # Workspace-only texts the test rebuilds exactly: the skills of the workspace without the built-in ones.
    no_builtin = ROOT / "_no_builtin"
    no_builtin.mkdir(parents=True, exist_ok=True)
    ws_loader = SkillsLoader(ws, builtin_skills_dir=no_builtin)
    ws_always = ws_loader.get_always_skills()
    ws_active = ws_loader.load_skills_for_context(ws_always)
    ws_summary = call(ws_loader.build_skills_summary, exclude=set(always), **summary_kwargs)
    out_parts = []
    for p in parts:
        o = {"kind": p["kind"], "tokens": tokens(p["text"]), "sha256": sha(p["text"])}
        if p["kind"] == "bootstrap":
            o["files"] = bootstrap_pieces(cb, ws)
        if p["kind"] == "active-skills":
            o["workspace_skills"] = ws_always
            o["workspace_tokens"] = tokens(f"# Active Skills\n\n{ws_active}") if ws_active else 0
            o["workspace_sha256"] = sha(f"# Active Skills\n\n{ws_active}") if ws_active else None
        if p["kind"] == "skills":
            o["workspace_tokens"] = tokens(ws_summary) if ws_summary else 0
            o["workspace_sha256"] = sha(ws_summary) if ws_summary else None
        if p["kind"] == "recent-history":
            o.update(recent)
        if p["kind"] == "session-summary":
            o["summary_tokens"] = tokens(metadata["_last_summary"]["text"])
        out_parts.append(o)

    last = built[-1]
    content = last["content"]
    placement = {"role": last["role"], "merged_into_history": len(built) == len(history) + 1}
    if PREFIXED:  # the clock block before the user's text (0.1.5 to post3), any pending summary in it
        start = content.index(ContextBuilder._RUNTIME_CONTEXT_TAG)
        if hasattr(ContextBuilder, "_RUNTIME_CONTEXT_END"):
            end = content.index(ContextBuilder._RUNTIME_CONTEXT_END, start) + len(ContextBuilder._RUNTIME_CONTEXT_END)
        else:  # 0.1.5: no closing line; the block holds no blank line
            end = content.index("\n\n", start)
        block = content[start:end]
        assert content[end:end + 2] == "\n\n"
        placement["runtime_context"] = "prefixed-to-text"
        placement["visible"] = content[:start] + content[end + 2:]
        placement["runtime_tokens"] = tokens(block + "\n\n")
        placement["clock_in_block"] = CLOCK in block
        placement["summary_in_block"] = bool(pending) and pending in block
    elif REAL_CLOCK is not None:  # the clock block appended to the user's text (v0.2 and the releases before it)
        tag_at = content.rfind("\n\n[")
        placement["runtime_context"] = "appended-to-text"
        placement["visible"] = content[:tag_at]
        placement["runtime_tokens"] = tokens(content[tag_at:])
        placement["clock_in_block"] = CLOCK in content[tag_at:]
    else:
        meta = last.get("_meta")
        placement["runtime_context"] = "marker" if meta else "none"
        placement["visible"] = content
        if meta:
            marker = meta["runtime_context"]
            suffix = marker["suffix"]
            placement["visible"] = content[: len(content) - len(suffix)].removesuffix("\n\n")
            placement["sources"] = marker["sources"]
            invoked = ws_loader.get_explicitly_invoked_skills(current)
            invoked = [n for n in invoked if n not in set(ws_loader.get_always_skills())]
            placement["skills"] = invoked
            placement["skills_tokens"] = tokens(ws_loader.load_skills_for_context(invoked))
            placement["runtime_tokens"] = tokens("\n\n" + suffix)
    # The archive as nanobot reads it.
    store = cb.memory
    if not hasattr(store, "get_last_dream_cursor"):  # 0.1.4.x: the archive is HISTORY.md, never read for the prompt
        archive = None
    else:
        try:
            archive = {
                "dream_cursor": store.get_last_dream_cursor(),
                "entries": archive_entries(store),
                "unprocessed": [as_cursor(e["cursor"]) for e in store.read_unprocessed_history(store.get_last_dream_cursor())],
            }
        except Exception as e:  # 0.1.5: the prompt never reads the archive, but reading it raises (as Dream would)
            assert not HAS_RECENT_HISTORY and name == "history-non-object"
            archive = {"dream_cursor": store.get_last_dream_cursor(), "raises": type(e).__name__}
    files_out = {k: v for k, v in files.items()}
    joined = joined_request(cb, history, current, pending)
    joined_keys = [joined_request(cb, history, current, pending, key) for key in CHANNEL_KEYS] if name in CHANNEL_CASES else []
    return {
        "name": f"{name}/{session_name}",
        "workspace": str(ws),
        "files": files_out,
        "session": {"key": KEY, "messages": messages_in, "metadata": metadata},
        "history_kwargs": history_kwargs(),
        "current_message": current,
        "history": history,
        "built_history": built[1:-1] if not placement["merged_into_history"] else built[1:-1],
        "current": placement,
        "system_tokens": tokens(system),
        "parts": out_parts,
        "archive": archive,
        "joined": joined,
        "joined_keys": joined_keys,
    }


def main():
    ROOT.mkdir(parents=True, exist_ok=True)
    out = {"version": VERSION, "figures": figures(), "joined_figures": joined_figures(), "cases": []}
    out["nanobot_counts"] = HAS_ESTIMATOR  # (false: the totals are the content-only count, not nanobot's)
    system = platform.system()
    out["runtime"] = f"{'macOS' if system == 'Darwin' else system} {platform.machine()}, Python {platform.python_version()}"
    for name, files in CASES:
        if any(isinstance(f, dict) and "template" in f and template(f["template"]) is None for f in files.values()):
            continue  # a template this version does not ship (v0.2 has no legacy SOUL.md)
        for session_name in (["plain", "tools-then-user"] if name in ("empty", "all-files") else ["plain"]):
            out["cases"].append(run_case(name, files, session_name))
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


main()
