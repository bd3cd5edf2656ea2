/**
 * fast-check arbitraries for hostile session files: any JSON value (as Python's json.loads reads it:
 * big ints, NaN, floats such as 1.0, duplicate keys, deep nesting, long strings) in every field of
 * the metadata record and of messages, and any line at all (garbage, invalid UTF-8, blank, a BOM).
 * Values are produced as JSON text, so anything Python accepts can be written.
 */
import { concat } from '../src/store/adapter/bytes';
import fc from 'fast-check';

const enc = new TextEncoder();
/** Built once: a 1 MB string value (as JSON text). */
const MEGA = JSON.stringify('x'.repeat(1 << 20));
const DEEP = (n: number) => '['.repeat(n) + ']'.repeat(n);
const DEEP_DICT = (n: number) => '{"a": '.repeat(n) + '1' + '}'.repeat(n);

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('user', 'assistant', 'tool', 'system', 'metadata', 'cli:direct', '', ' ', 'a:b', '<think>x</think>', '\u202eevil', 'CON', 'title'),
);

/** JSON text of a scalar Python can read, with the odd ones over-represented. */
const scalar: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('null', 'true', 'false', '0', '-0', '1', '12345', '-1', '1.0', '-0.0', '1e400', '-1e400', 'NaN', 'Infinity', '-Infinity', '1e16', '2.5'),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Number.isInteger(d) ? `${d}.0` : String(d))),
  text.map((s) => JSON.stringify(s)),
  fc.constantFrom('"\\ud800"', '"\\udc00x"', '"2026-06-01T10:00:00"', '"2026-13-45T99:99:99"', '"\\u0000"', '"x\\ny"'),
);

/** JSON text of any value: scalars, lists, dicts (with duplicate and odd keys), deep nesting, 1 MB. */
export const jsonValue: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: scalar, weight: 6 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((xs) => `[${xs.join(', ')}]`), weight: 2 },
    {
      arbitrary: fc
        .array(fc.tuple(fc.oneof(text, fc.constantFrom('__proto__', '0', '12', 'role', 'content', 'type', 'text', 'id', 'function', 'name', 'arguments')), tie('value')), { maxLength: 4 })
        .map((kv) => `{${kv.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(', ')}}`),
      weight: 2,
    },
    { arbitrary: fc.constantFrom(DEEP(40), DEEP_DICT(40), DEEP(1200), DEEP_DICT(1200), '1'.repeat(5000)), weight: 1 },
  ),
})).value;

/** A dict as JSON text: some of `fields` (each any value, or a plausible one) plus any extras. */
function record(fixed: [string, string][], fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const entries = Object.entries(fields).map(([k, plausible]) => fc.option(fc.oneof(plausible, jsonValue).map((v) => [k, v] as [string, string]), { nil: undefined }));
  const extras = fc.array(fc.tuple(text, jsonValue), { maxLength: 2 });
  return fc.tuple(fc.tuple(...entries), extras).map(([some, more]) => {
    const kv = [...fixed, ...(some.filter(Boolean) as [string, string][]), ...more];
    return `{${kv.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(', ')}}`;
  });
}

const iso = fc.constantFrom('"2026-06-01T10:00:00"', '"2026-06-02T11:30:00.123456"', '"2025-01-01"');
const role = fc.constantFrom('"user"', '"assistant"', '"tool"', '"system"');
const toolCalls = fc.constantFrom('[{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]', '[]', '[{"id": 1}]');

/** A metadata line: `_type` metadata and any value in key, times, metadata, last_consolidated. */
export const metadataLine = record([['_type', '"metadata"']], {
  key: fc.constantFrom('"cli:direct"', '"12345"', '""'),
  created_at: iso,
  updated_at: iso,
  metadata: fc.constantFrom('{}', '{"title": "T"}', '{"title": 5, "title_user_edited": true}'),
  last_consolidated: fc.constantFrom('0', '1', '2'),
});

/** A message line: any value in every field nanobot reads. */
export const messageLine = record([], {
  role,
  content: fc.constantFrom('"hello"', '[{"type": "text", "text": "hi"}]', '""', 'null'),
  timestamp: iso,
  tool_calls: toolCalls,
  tool_call_id: fc.constantFrom('"c1"', '"c2"', '"\ufeffc1"', '"\\ufeffc1"'),
  name: fc.constant('"f"'),
  reasoning_content: fc.constant('"thinking"'),
  thinking_blocks: fc.constant('[{"type": "thinking", "thinking": "t"}]'),
  media: fc.constant('["/tmp/a.png"]'),
  cli_apps: fc.constant('[{"name": "app"}]'),
  mcp_presets: fc.constant('[{"name": "p"}]'),
  _command: fc.constant('true'),
  injected_event: fc.constant('"subagent_result"'),
});

/** Lines holding a 1 MB string (a message's content, a key and title, tool-call arguments). */
const megaLine = fc.constantFrom(
  `{"role": "user", "content": ${MEGA}}`,
  `{"_type": "metadata", "key": ${MEGA}, "metadata": {"title": ${MEGA}}}`,
  `{"role": "assistant", "content": "", "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": ${MEGA}}}]}`,
);

/** Any line's bytes: a record, any JSON value, garbage text, random bytes (invalid UTF-8), blanks. */
export const anyLine: fc.Arbitrary<Uint8Array> = fc.oneof(
  { arbitrary: messageLine.map((s) => enc.encode(s)), weight: 120 },
  { arbitrary: metadataLine.map((s) => enc.encode(s)), weight: 20 },
  { arbitrary: megaLine.map((s) => enc.encode(s)), weight: 1 },
  { arbitrary: jsonValue.map((s) => enc.encode(s)), weight: 20 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map((s) => enc.encode(s)), weight: 20 },
  { arbitrary: fc.uint8Array({ maxLength: 24 }), weight: 20 },
  { arbitrary: fc.constantFrom('', '   ', '\ufeff{"role": "user", "content": "bom"}', '{"role": "user", "content": "cut', '\u3000{"role": "user"}\u3000').map((s) => enc.encode(s)), weight: 20 },
);

/** Lines that all parse (so nanobot's listing reads the head as written, odd values and all), or any lines. */
const body = fc.oneof(fc.array(messageLine.map((s) => enc.encode(s)), { maxLength: 6 }), fc.array(anyLine, { maxLength: 8 }));

/** A whole file: usually a metadata line first, then any lines, joined by any line ending. */
export const sessionFile: fc.Arbitrary<Uint8Array> = fc
  .tuple(fc.option(metadataLine, { freq: 4, nil: undefined }), body, fc.constantFrom('\n', '\r\n', '\r'), fc.boolean())
  .map(([meta, lines, eol, finalEol]) => {
    const parts = [...(meta !== undefined ? [enc.encode(meta)] : []), ...lines];
    const eolBytes = enc.encode(eol);
    return concat(parts.flatMap((p, i) => (i < parts.length - 1 || finalEol ? [p, eolBytes] : [p])));
  });
