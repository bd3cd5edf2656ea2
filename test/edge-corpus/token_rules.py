# nanobot's token estimate when tiktoken refuses a special token and the text holds a lone surrogate,
# and get_history with a token budget over such a message.
# Run: test/edge-corpus/nb.sh <version> test/edge-corpus/token_rules.py
import json
from nanobot.utils.helpers import estimate_message_tokens
from nanobot.session.manager import Session
cases = ["<|endoftext|>\ud800", "a\ud800\udfff\udc00<|fim_prefix|>", "<|endoftext|>", "x\ud800"]
for c in cases:
    try:
        print(json.dumps(c), "->", estimate_message_tokens({"role": "user", "content": c}))
    except Exception as e:
        print(json.dumps(c), "->", type(e).__name__, str(e))
s = Session(key="a:b", messages=[{"role": "user", "content": "<|endoftext|>\ud800"}, {"role": "assistant", "content": "ok"}])
for budget in (0, 100000):
    try:
        print("get_history", budget, "->", json.dumps(s.get_history(max_messages=50, max_tokens=budget)))
    except Exception as e:
        print("get_history", budget, "->", type(e).__name__, str(e))
