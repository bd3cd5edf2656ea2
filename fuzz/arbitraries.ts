/**
 * fast-check arbitraries for the differential fuzzer: a session key and one session file's bytes,
 * with every record kind each version stores (spec: ../shared/spec/nanobot-versions.md) and the
 * values that make versions and re-implementations part ways: Python-only JSON (NaN, Infinity, big
 * ints, 1.0, -0.0, duplicate keys), lone surrogates, special tokens, Unicode whitespace, deep
 * nesting near the recursion limit, odd dates, unhashable `_type`s, runtime-context markers,
 * provider-state records, tool calls, odd line ends, invalid UTF-8 and garbage lines.
 *
 * Values are made as JSON *text*, so anything Python's json.loads accepts can be written.
 */
import fc from 'fast-check';
import { base64urlKey, safeKey } from '../src/core/nanobot/keys';
import { rulesOf, type NanobotVersion } from '../src/core/nanobot/nanobot-version';

const enc = new TextEncoder();
const q = (s: string) => JSON.stringify(s);

/** Strings chosen for the rules they touch. */
const oddText = fc.constantFrom(
  '',
  ' ',
  'hi',
  'hello world',
  '<think>hidden</think>shown',
  '<thinking>x',
  '<think广场',
  '<|channel|>analysis',
  '<|endoftext|>',
  'a <|endoftext|> b',
  '<|fim_prefix|>\ud800',
  '\ud800',
  'x\udfffy',
  '\ud83d\ude00',
  '\u3000',
  '\x1c\x1d\x1e\x1f',
  '\u0085text\u0085',
  '\u2028\u2029',
  '\ufeffbom',
  '\u202eevil',
  '[Message Time: 2026-06-01T10:00:00]\nhi',
  '[image: /tmp/a.png]',
  'generate_image(prompt="x")',
  'message(text="x")',
  '[Subagent a]\nResult:\nthe body\nSummarize this naturally',
  '\n\n[Runtime Context — metadata only, not instructions]\nx\n[/Runtime Context]',
  'İstanbul',
  'ß'.repeat(3),
  '  padded  ',
  'line\r\nbreak\rcr',
  '2031-07-08T09:10:11.121314',
  '2002-02-27T09:06:07',
  '\u0000nul',
  'a'.repeat(130),
  '漢字'.repeat(70),
);

const anyText = fc.oneof(
  { arbitrary: oddText, weight: 4 },
  { arbitrary: fc.string({ maxLength: 10 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 8 }), weight: 1 },
  { arbitrary: fc.tuple(oddText, oddText).map(([a, b]) => a + b), weight: 1 },
);

/** JSON text of a string, written in either of the ways json.loads reads the same. */
const str = (t: fc.Arbitrary<string>) =>
  fc.tuple(t, fc.boolean()).map(([s, ascii]) => (ascii ? q(s).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')) : q(s)));

const number = fc.oneof(
  fc.constantFrom('0', '-0', '1', '-1', '2', '3', '7', '1.0', '-0.0', '0.5', '1e400', '-1e400', 'NaN', 'Infinity', '-Infinity', '1e16', '9007199254740993', '123456789012345678901234567890', '1E2', '2.50'),
  fc.integer({ min: -5, max: 60 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Number.isInteger(d) ? `${d}.0` : String(d))),
);

const scalar = fc.oneof({ arbitrary: fc.constantFrom('null', 'true', 'false'), weight: 1 }, { arbitrary: number, weight: 2 }, { arbitrary: str(anyText), weight: 4 });

/** Nested `depth` levels deep: lists, dicts or a mix (the recursion limits of json.loads, deepcopy, ==). */
const deep = fc
  .tuple(
    fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 300, max: 1100 }), fc.constantFrom(490, 495, 496, 497, 498, 499, 500, 988, 990, 994, 995, 996, 997, 998, 999, 1000)),
    fc.constantFrom('list', 'dict', 'mixed'),
  )
  .map(([n, kind]) => {
    let open = '';
    let close = '';
    for (let i = 0; i < n; i++) {
      const asList = kind === 'list' || (kind === 'mixed' && i % 2 === 0);
      open += asList ? '[' : '{"a": ';
      close = (asList ? ']' : '}') + close;
    }
    return open + '1' + close;
  });

const key = fc.oneof(
  { arbitrary: fc.constantFrom('role', 'content', 'type', 'text', '_type', '__proto__', '0', '12', 'a', ''), weight: 2 },
  { arbitrary: anyText, weight: 1 },
);

/** JSON text of any value (duplicate keys allowed, as json.loads keeps the last). */
export const jsonValue: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: scalar, weight: 8 },
    { arbitrary: fc.array(tie('value'), { maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`), weight: 2 },
    { arbitrary: fc.array(fc.tuple(key, tie('value')), { maxLength: 3 }).map((kv) => `{${kv.map(([k, v]) => `${q(k)}: ${v}`).join(', ')}}`), weight: 2 },
    { arbitrary: deep, weight: 1 },
  ),
})).value;

/** A dict's JSON text from optional fields (each a plausible value or any value) plus extras. */
function record(fixed: [string, string][], fields: Record<string, fc.Arbitrary<string>>, anyWeight = 1): fc.Arbitrary<string> {
  const entries = Object.entries(fields).map(([k, plausible]) =>
    fc.option(fc.oneof({ arbitrary: plausible, weight: 4 }, { arbitrary: jsonValue, weight: anyWeight }).map((v) => [k, v] as [string, string]), { nil: undefined, freq: 2 }),
  );
  const extras = fc.array(fc.tuple(key, jsonValue), { maxLength: 1 });
  return fc.tuple(fc.tuple(...entries), extras, fc.boolean()).map(([some, more, shuffle]) => {
    const kv = [...fixed, ...(some.filter(Boolean) as [string, string][]), ...more];
    if (shuffle) kv.reverse();
    return `{${kv.map(([k, v]) => `${q(k)}: ${v}`).join(', ')}}`;
  });
}

/** Times: valid, naive and aware, the far ends, invalid, non-strings. */
const isoTime = fc.oneof(
  fc.constantFrom(
    '"2026-06-01T10:00:00"',
    '"2026-06-02T11:30:00.123456"',
    '"2026-06-02 11:30:00"',
    '"2025-01-01"',
    '"2024-02-29T23:59:59.999999"',
    '"0001-01-01T00:00:00"',
    '"0001-01-01"',
    '"9999-12-31T23:59:59.999999"',
    '"2026-06-01T10:00:00+05:30"',
    '"2026-06-01T10:00:00Z"',
    '"2026-06-01T10:00:00-00:00"',
    '"0001-01-01T00:00:00+01:00"',
    '"2026-13-45T99:99:99"',
    '"2026-06-01T24:00:00"',
    '"20260601T100000"',
    '"2026-W23-1"',
    '"2026-06-01T10:00:00.1234567"',
    '"\u0662\u0660\u0662\u0666-06-01"',
    '""',
    '" "',
    '"2031-07-08T09:10:11.121314"',
    '1717236000',
    '1.5',
    'null',
    'true',
    '[]',
  ),
);

const textBlock = fc.oneof(
  str(anyText).map((t) => `{"type": "text", "text": ${t}}`),
  fc.constantFrom('{"type": "text", "text": 5}', '{"type": "text"}', '{"type": "image_url", "image_url": {"url": "data:x"}}', '{"type": "text", "text": ""}', '"bare"', '7'),
);
const content = fc.oneof(
  { arbitrary: str(anyText), weight: 6 },
  { arbitrary: fc.array(textBlock, { maxLength: 3 }).map((b) => `[${b.join(', ')}]`), weight: 2 },
  { arbitrary: fc.constantFrom('null', '""', '5', '{"a": 1}', 'true'), weight: 1 },
);

const toolCall = fc
  .tuple(fc.constantFrom('"c1"', '"c2"', '"c3"', '1', 'null'), fc.constantFrom('"f"', '"message"', '5'), fc.constantFrom('"{}"', '"{\\"a\\": 1}"', '{"a": 1}', '""'))
  .map(([id, name, args]) => `{"id": ${id}, "type": "function", "function": {"name": ${name}, "arguments": ${args}}}`);
const toolCalls = fc.oneof(fc.array(toolCall, { minLength: 1, maxLength: 2 }).map((t) => `[${t.join(', ')}]`), fc.constantFrom('[]', 'true', '1', '"x"', '{"id": "c1"}', 'null'));

/** `_runtime_context` markers: the version-1 suffix and blocks forms and near misses. */
const runtimeMarker = fc.oneof(
  str(oddText).map((s) => `{"version": 1, "sources": [], "suffix": ${s}}`),
  fc.array(textBlock, { maxLength: 2 }).map((b) => `{"version": 1, "sources": ["x"], "blocks": [${b.join(', ')}]}`),
  fc.constantFrom('{"version": 1.0, "suffix": "ctx"}', '{"version": true, "suffix": "ctx"}', '{"version": 2, "suffix": "ctx"}', '{"version": NaN, "suffix": "ctx"}', '"ctx"', '[]', '{}'),
);

/** A user message whose content really ends with its runtime-context suffix (or blocks). */
const contextUser = fc.oneof(
  fc.tuple(str(fc.constantFrom('hi', '', 'a\n\n')), fc.constantFrom('ctx', 'x <|endoftext|>', '\ud800', 'NaN')).map(([c, sfx]) => {
    const body = JSON.parse(c) as string;
    return `{"role": "user", "content": ${q(body ? `${body}\n\n${sfx}` : sfx)}, "_runtime_context": {"version": 1, "sources": [], "suffix": ${q(sfx)}}}`;
  }),
  fc.constantFrom(
    '{"role": "user", "content": [{"type": "text", "text": "q"}, {"type": "text", "text": "ctx"}], "_runtime_context": {"version": 1, "blocks": [{"type": "text", "text": "ctx"}]}}',
    '{"role": "user", "content": [{"type": "text", "text": "q"}, {"n": NaN}], "_runtime_context": {"version": 1, "blocks": [{"n": NaN}]}}',
    '{"role": "user", "content": [{"v": 1}], "_runtime_context": {"version": 1, "blocks": [{"v": 1.0}]}}',
    '{"role": "user", "content": [{"v": true}], "_runtime_context": {"version": 1, "blocks": [{"v": 1}]}}',
    '{"role": "user", "content": [{"a": 1, "b": 2}], "_runtime_context": {"version": 1, "blocks": [{"b": 2, "a": 1}]}}',
  ),
);

const role = fc.oneof({ arbitrary: fc.constantFrom('"user"', '"assistant"', '"tool"', '"system"'), weight: 8 }, { arbitrary: fc.constantFrom('"USER"', '""', 'null', '1', '["user"]'), weight: 1 });

/** A message: any value in every field nanobot reads. */
const message = record([], {
  role,
  content,
  timestamp: isoTime,
  tool_calls: toolCalls,
  // A byte-order mark leading an id (raw or escaped) is part of it, as Python's utf-8 codec keeps it.
  tool_call_id: fc.constantFrom('"c1"', '"c2"', '""', '5', '"\ufeffc1"', '"\\ufeffc1"'),
  name: fc.constantFrom('"f"', '""'),
  reasoning_content: str(oddText),
  thinking_blocks: fc.constantFrom('[{"type": "thinking", "thinking": "t"}]', '[]'),
  media: fc.constantFrom('["/tmp/a.png"]', '[""]', '[5]', '[]', '"x"'),
  cli_apps: fc.constantFrom('[{"name": "app"}]', '[]', '["x"]', '[{"name": 5}]'),
  mcp_presets: fc.constantFrom('[{"name": "p"}]', '[]'),
  _command: fc.constantFrom('true', 'false', '1', '""'),
  _channel_delivery: fc.constantFrom('true', 'false', '{"a": 1}'),
  injected_event: fc.constantFrom('"subagent_result"', '"other"'),
  _runtime_context: runtimeMarker,
});

/** Plausible messages, so that replays, forks and trims have turns to work on. */
const plainMessage = fc.oneof(
  str(anyText).map((c) => `{"role": "user", "content": ${c}}`),
  str(anyText).map((c) => `{"role": "assistant", "content": ${c}}`),
  fc.tuple(str(anyText), toolCalls).map(([c, t]) => `{"role": "assistant", "content": ${c}, "tool_calls": ${t}}`),
  fc.tuple(fc.constantFrom('"c1"', '"c2"', '"c3"', '"\ufeffc1"'), str(anyText)).map(([id, c]) => `{"role": "tool", "tool_call_id": ${id}, "name": "f", "content": ${c}}`),
);

const metadataValue = fc.oneof(
  { arbitrary: record([], { title: str(anyText), title_user_edited: fc.constantFrom('true', 'false'), _last_summary: str(oddText), goal_state: fc.constant('{"goal": "g"}'), runtime_checkpoint: fc.constant('{"a": 1}'), pending_user_turn: fc.constant('{"content": "x"}'), session_handle: fc.constant('"h"'), thread_goal: fc.constant('"t"'), webui: fc.constant('{"x": 1}'), _nanobot_model_preset: fc.constant('"p"') }), weight: 4 },
  { arbitrary: fc.constantFrom('{}', '[]', 'null', '"x"', '5'), weight: 1 },
);

/** The metadata record; `_type` sometimes an unhashable or odd value (main's `in {…}` raises). */
const metadataRecord = (storedKey: fc.Arbitrary<string>) =>
  fc.oneof(
    { arbitrary: record([['_type', '"metadata"']], { key: storedKey, created_at: isoTime, updated_at: isoTime, metadata: metadataValue, last_consolidated: fc.oneof(number, fc.constantFrom('true', 'null', '"2"')) }), weight: 8 },
    { arbitrary: fc.constantFrom('{"_type": ["metadata"]}', '{"_type": {"a": 1}}', '{"_type": "Metadata"}', '{"_type": null, "role": "user", "content": "x"}'), weight: 1 },
  );

/** main's provider-state record (a role-less message to v0.2 and v0.3.0). */
const providerState = fc.oneof(
  fc
    .tuple(fc.constantFrom('"responses"', '""', '5'), fc.constantFrom('1', '1.0', 'true', '"1"'), fc.constantFrom('[]', '[{"role": "assistant"}]', '[1]', '"x"'), fc.constantFrom('{"items": []}', '{"a": NaN}', '[]'))
    .map(([kind, ver, pending, payload]) => `{"_type": "provider_state", "state": {"kind": ${kind}, "provider": "openai", "model": "m", "version": ${ver}, "payload": ${payload}, "pending_messages": ${pending}, "extra": 1}}`),
  fc.constantFrom('{"_type": "provider_state"}', '{"_type": "provider_state", "state": null}', ' { "_type" : "provider_state" , "state": {}}', '{"state": {}, "_type": "provider_state"}'),
);

/** A line that is not a record: garbage, non-objects, deep nesting, broken JSON. */
const garbageLine = fc.oneof(
  jsonValue,
  deep,
  fc.string({ unit: 'binary', maxLength: 20 }).map(q),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', '   ', '\u3000', '\x1c', '\u0085', '{"role": "user", "content": "cut', '{"a": 1,}', "{'role': 'user'}", 'NaN', '[1]', '42', 'null', '"s"', '{"a": 1} x', '{"a":\u00a01}'),
);

type LinePart = string | Uint8Array;

/** One line's bytes with Unicode or ASCII whitespace around it, a BOM, or invalid UTF-8 in it. */
const wrap = (line: fc.Arbitrary<string>): fc.Arbitrary<LinePart> =>
  fc.oneof(
    { arbitrary: line, weight: 12 },
    { arbitrary: fc.tuple(fc.constantFrom(' ', '\t', '\u3000', '\x1c', '\x1f', '\u0085', '\u00a0', '\ufeff', '\x0b', '\x0c'), line).map(([w, l]) => w + l), weight: 1 },
    { arbitrary: fc.tuple(line, fc.constantFrom(' ', '\u3000', '\x1e', '\u0085', '\u2028')).map(([l, w]) => l + w), weight: 1 },
    { arbitrary: fc.tuple(line, fc.uint8Array({ minLength: 1, maxLength: 3 })).map(([l, b]) => concat([enc.encode(l.slice(0, -1)), b, enc.encode(l.slice(-1))])), weight: 1 },
  );

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Keys a session is stored and looked up under. Lone surrogates are left out (nanobot cannot name
 * the file), and so are keys whose file name itself would pass 255 bytes (no such file can exist);
 * names long enough for main's longer temp name to pass it are in.
 */
export const sessionKey = fc.oneof(
  { arbitrary: fc.constantFrom('cli:direct', 'telegram:12345', 'a:b_c', 'a_b:c', 'x', '====', '-_', 'YQ', 'Zm9v', '漢字:チャット', '\u3000:x', 'a/b', '.', 'CON', 'k'.repeat(180), 'é'.repeat(93), '🙂'.repeat(45), 'a:'.repeat(90), 'k'.repeat(170)), weight: 4 },
  { arbitrary: fc.string({ minLength: 1, maxLength: 24 }), weight: 2 },
).filter((k) => !/[\ud800-\udfff]/.test(k.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '')) && enc.encode(k).length <= 186);

/** One session file: records of every kind the version stores, odd lines, odd line ends. */
export function sessionFile(version: NanobotVersion, lookupKey: string): fc.Arbitrary<Uint8Array> {
  const storedKey = fc.oneof(fc.constant(q(lookupKey)), fc.constantFrom('""', '5', 'null', '"other:key"', '"\\ud800"'), str(anyText));
  const line = fc.oneof(
    { arbitrary: wrap(plainMessage), weight: 10 },
    { arbitrary: wrap(message), weight: 8 },
    { arbitrary: wrap(contextUser), weight: version === 'v0.2' ? 1 : 3 },
    { arbitrary: wrap(metadataRecord(storedKey)), weight: 1 },
    { arbitrary: wrap(providerState), weight: version === 'main' ? 3 : 1 },
    { arbitrary: wrap(garbageLine), weight: 2 },
    { arbitrary: fc.uint8Array({ minLength: 1, maxLength: 12 }), weight: 1 },
  );
  // A release that loads nothing from a file with one bad line (row loadFailure 'empty-session', before 0.1.5.post2)
  // also gets files of well-formed records only, so that its replay, tokens, fork and save are reached as often.
  const clean = fc.oneof(
    { arbitrary: plainMessage, weight: 10 },
    { arbitrary: message, weight: 8 },
    { arbitrary: contextUser, weight: 3 },
    { arbitrary: metadataRecord(storedKey), weight: 1 },
  );
  const lines = rulesOf(version).loadFailure === 'empty-session' ? fc.oneof(fc.array(line, { maxLength: 14 }), fc.array(clean, { maxLength: 14 })) : fc.array(line, { maxLength: 14 });
  return fc
    .tuple(
      fc.option(wrap(metadataRecord(storedKey)), { freq: 6, nil: undefined }),
      fc.option(wrap(providerState), { freq: version === 'main' ? 3 : 12, nil: undefined }),
      lines,
      fc.array(fc.constantFrom('\n', '\n', '\n', '\r\n', '\r', '\n\n'), { minLength: 1, maxLength: 3 }),
      fc.boolean(),
    )
    .map(([meta, state, lines, eols, finalEol]) => {
      const parts: LinePart[] = [...(meta !== undefined ? [meta] : []), ...(state !== undefined ? [state] : []), ...lines];
      const out: Uint8Array[] = [];
      parts.forEach((p, i) => {
        out.push(typeof p === 'string' ? enc.encode(p) : p);
        if (i < parts.length - 1 || finalEol) out.push(enc.encode(eols[i % eols.length]!));
      });
      return concat(out);
    });
}

/** A fuzz case: the key nanobot is asked for, and the bytes of its file. */
export interface FuzzCase {
  key: string;
  bytes: Uint8Array;
}

export function fuzzCase(version: NanobotVersion): fc.Arbitrary<FuzzCase> {
  return sessionKey.chain((key) => sessionFile(version, key).map((bytes) => ({ key, bytes })));
}

/** A folder for the listing: a few session files, named as each version names them or oddly. */
export interface FuzzFolder {
  files: { name: string; bytes: Uint8Array }[];
}

const oddName = fc.constantFrom('.hidden.jsonl', 'x.jsonl.tmp', 'notes.txt', 'YQ==.jsonl', '====.jsonl', 'fx_dup.jsonl', 'a.b.jsonl', '.jsonl', 'Y2xpOmRpcmVjdA.jsonl', 'cli_direct.jsonl');

export function fuzzFolder(version: NanobotVersion): fc.Arbitrary<FuzzFolder> {
  const file = sessionKey.chain((key) =>
    fc.tuple(fc.constantFrom('b64', 'safe', 'odd'), oddName, sessionFile(version, key)).map(([how, odd, bytes]) => ({
      name: how === 'b64' ? `${base64urlKey(key)}.jsonl` : how === 'safe' ? `${safeKey(key)}.jsonl` : odd,
      bytes,
    })),
  );
  return fc
    .uniqueArray(file, { minLength: 1, maxLength: 5, selector: (f) => f.name })
    .filter((fs) => fs.every((f) => enc.encode(f.name).length <= 255 && !f.name.includes('/') && f.name !== '.' && f.name !== '..'))
    .map((files) => ({ files }));
}
