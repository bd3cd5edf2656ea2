"""nanobot's own replay budget for every kind of `max_tokens` a config file can hold, at one version.

The agent loop hands `get_history` a token budget from the context window and the generation
`max_tokens` (`AgentLoop._replay_token_budget`). This calls that function itself (a stand-in provider
or runtime whose generation holds the raw value) over a grid of windows and values, and records, beside
each answer, what nanobot's own config class (`AgentDefaults`) makes of the value (kept, or which error).
Beside them, the loop's own call as the tag's source writes it: the `max_messages` (and `max_tokens`) it hands
`get_history`, `get_history`'s own default, and the config defaults they come from (`memory_window`,
`max_messages`, `context_window_tokens`). A tag whose loop has no `_replay_token_budget` (before 0.1.5.post3)
records its budgets as null: it hands `get_history` no budget. The answers are merged into
test/core/budget-golden.json under the version, so the test runs without ../shared.

  eval "$(../shared/nanobot/setup.sh VERSION)"; HOME=$(mktemp -d) "$NANOBOT_PYTHON" scripts/replay-budget-golden.py VERSION test/core/budget-golden.json

Values are written in the golden corpora's encoding: {"$float": "NaN"|"Infinity"|"-Infinity"} for what
strict JSON cannot hold, {"$bigint": "..."} for ints past 2**53, {"$missing": true} for no value at all.
"""

import inspect
import json
import math
import re
import sys
from types import SimpleNamespace

from loguru import logger

logger.remove()

from nanobot.agent.loop import AgentLoop  # noqa: E402
from nanobot.config.schema import AgentDefaults  # noqa: E402
from nanobot.session.manager import Session  # noqa: E402

HAS_BUDGET = hasattr(AgentLoop, "_replay_token_budget")
if HAS_BUDGET:
    from nanobot.providers.base import GenerationSettings  # noqa: E402

VERSION, OUT = sys.argv[1], sys.argv[2]
MISSING = object()

WINDOWS = [200_000, 32_768, 8_192, 5_121, 5_120, 1_000, 200, 1, 0, -1]
VALUES = [
    MISSING, None, True, False,
    0, 1, -1, -5, 4096, 8192, 195_000, 198_975, 198_976, 2**53 + 1, 10**30, -(10**30),
    0.0, 0.5, 0.999, 1.0, 1.9, -0.5, -3.7, 8192.0, 8192.9, 1e16, 1e300, -1e300,
    float("nan"), float("inf"), float("-inf"),
    "8192", " 8192 ", "\t+12\n", "-12", "1_000", "1__0", "_1", "1_", "12.5", "1e3", "0x10", "00012", "",
    "   ", "abc", "\u0663\u0663", "\uff11\uff12", "\u00a012\u3000", "1" * 4300, "1" * 4301,
    [], [8192], {}, {"max_tokens": 8192},
]


def enc(v):
    if v is MISSING:
        return {"$missing": True}
    if isinstance(v, float):
        if math.isnan(v):
            return {"$float": "NaN"}
        if math.isinf(v):
            return {"$float": "Infinity" if v > 0 else "-Infinity"}
        return v
    if isinstance(v, int) and not isinstance(v, bool) and abs(v) > 2**53:
        return {"$bigint": str(v)}
    if isinstance(v, list):
        return [enc(x) for x in v]
    if isinstance(v, dict):
        return {k: enc(x) for k, x in v.items()}
    return v


def generation(v):
    return GenerationSettings() if v is MISSING else SimpleNamespace(max_tokens=v)


# v0.2 and the 0.2.x releases read the generation from `self.provider.generation`, later versions from a runtime.
READS_PROVIDER = HAS_BUDGET and "self.provider" in inspect.getsource(AgentLoop._replay_token_budget)


def budget(window, v):
    """The loop's own function, called on a stand-in shaped as the version's loop reads it."""
    if READS_PROVIDER:
        host = SimpleNamespace(context_window_tokens=window, provider=SimpleNamespace(generation=generation(v)))
        return AgentLoop._replay_token_budget(host)
    return AgentLoop._replay_token_budget(SimpleNamespace(context_window_tokens=window, generation=generation(v)))


def answer(fn):
    try:
        return {"value": enc(fn())}
    except Exception as e:  # noqa: BLE001
        return {"error": type(e).__name__}


def loop_call():
    """What the agent loop hands `get_history`, as its source writes it (every distinct call), and the defaults."""
    src = inspect.getsource(AgentLoop)
    calls = set()
    for m in re.finditer(r"get_history\(([^)]*)\)", src):
        calls.add(re.sub(r"\s+", " ", m.group(1)).strip())
    for m in re.finditer(r"_hist_kwargs[^=]*= \{([^}]*)\}", src):
        calls.add(re.sub(r"\s+", " ", m.group(1)).strip().rstrip(","))
    calls.discard("**_hist_kwargs")
    defaults = AgentDefaults()
    fields = {k: getattr(defaults, k) for k in ("memory_window", "max_messages", "context_window_tokens") if hasattr(defaults, k)}
    default = inspect.signature(Session.get_history).parameters["max_messages"].default
    return {"calls": sorted(calls), "get_history_default": default, "config": fields}


cases = None
if HAS_BUDGET:
    cases = []
    for v in VALUES:
        config = answer(lambda: AgentDefaults().max_tokens if v is MISSING else AgentDefaults(max_tokens=v).max_tokens)
        cases.append({"max_tokens": enc(v), "config": config, "budgets": [[w, answer(lambda: budget(w, v))] for w in WINDOWS]})

try:
    with open(OUT, encoding="utf-8") as f:
        data = json.load(f)
except FileNotFoundError:
    data = {}
data[VERSION] = {"loop": loop_call(), "budgets": cases}
with open(OUT, "w", encoding="utf-8") as f:
    json.dump(dict(sorted(data.items())), f, ensure_ascii=True, indent=None, separators=(",", ":"))
    f.write("\n")
print(f"{VERSION}: {f'{len(cases)} values x {len(WINDOWS)} windows' if cases else 'no budget'}, loop {data[VERSION]['loop']} -> {OUT}")
