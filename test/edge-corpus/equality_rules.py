# Python's == on JSON values where nanobot compares them (public view's marker blocks, the listing's sort).
# Run: test/edge-corpus/nb.sh v0.3.0 test/edge-corpus/equality_rules.py
import json
from nanobot.runtime_context import public_history_message
m = json.loads('{"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "ctx", "n": NaN}], '
               '"_runtime_context": {"version": 1.0, "blocks": [{"n": NaN, "text": "ctx", "type": "text"}]}}')
print("nan blocks:", json.dumps(public_history_message(m)["content"]))
m = json.loads('{"role": "user", "content": [{"type": "text", "text": "ctx", "n": 1}], "_runtime_context": {"version": true, "blocks": [{"type": "text", "text": "ctx", "n": 1.0}]}}')
print("1 == 1.0 == True:", json.dumps(public_history_message(m)["content"]))
print("sorted:", sorted([json.loads('[NaN, 1]'), json.loads('[NaN, 2]')], reverse=True))
