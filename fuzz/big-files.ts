/**
 * The big-file family of the fuzzer: session files from 1 MiB (where the CLI answers on its line
 * index), ordinary messages around a few hard parts — nesting near the depth figures, a corrupt line,
 * a byte that is not UTF-8, a provider_state record, a `\r\n` end, wide characters, a tool result whose
 * id differs from its call's only by a leading byte-order mark (which Python keeps) — each placed at
 * the start, the middle, the end, or across the 1 MiB or an 8 KiB boundary (where reads are cut).
 * A file is made from its spec alone (a seed and the parts), so a finding is kept as its spec.
 */
import fc from 'fast-check';
import { rulesOf, type NanobotVersion } from '../src/core/nanobot/nanobot-version';

export const MIB = 1024 * 1024;
export const KIB8 = 8192;

export const PART_KINDS = ['deep', 'deep-extra', 'corrupt', 'not-utf8', 'provider-state', 'crlf', 'wide', 'bom-id'] as const;
export const PLACES = ['start', 'middle', 'end', 'across-1mib', 'across-8kib'] as const;

export interface BigPart {
  kind: (typeof PART_KINDS)[number];
  place: (typeof PLACES)[number];
  /** Picks the nesting figure, the 8 KiB boundary and where the line is cut by it. */
  pick: number;
}

export interface BigSpec {
  version: NanobotVersion;
  key: string;
  seed: number;
  /** Bytes of ordinary messages (the file is at least this long, and at least 1 MiB). */
  size: number;
  /** A metadata record first (with the key), or none. */
  metadata: boolean;
  parts: BigPart[];
}

export function bigSpec(version: NanobotVersion): fc.Arbitrary<BigSpec> {
  return fc.record({
    version: fc.constant(version),
    key: fc.constantFrom('cli:big', 'telegram:4242', 'a:b'),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    size: fc.integer({ min: MIB + 1, max: MIB + 1536 * 1024 }),
    metadata: fc.boolean(),
    parts: fc.array(fc.record({ kind: fc.constantFrom(...PART_KINDS), place: fc.constantFrom(...PLACES), pick: fc.nat() }), { minLength: 1, maxLength: 4 }),
  });
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const enc = new TextEncoder();
const WORDS = ['the', 'session', 'nanobot', 'tool', 'réponse', 'naïve', '中文', '会话', '🙂', 'line', 'budget', 'token', 'x', 'Zürich', 'ok'];

/** Nesting levels near each figure that decides a raise (json.loads per call site, the copies). */
function depthFigures(version: NanobotVersion): number[] {
  const b = rulesOf(version).depthBudget;
  const json = [b.jsonLoads, b.jsonLoadsRepair, b.jsonLoadsFork, b.jsonLoadsMigration].filter((n): n is number => n !== null);
  // A message's copy depth is 2 + its content's lists: levels of json nesting = copy depth - 1.
  const copy = [b.publicReplayCopy, b.listingPreviewCopy, b.forkMessageCopy].filter((n): n is number => n !== null).map((n) => n - 1);
  return [...new Set([...json, ...copy, 600])].flatMap((n) => [n - 1, n, n + 1]);
}

/** The bytes of one hard part's line (ending in its own line end). */
/** The nesting of a deep part's line (json levels), from its pick. */
export function partLevels(version: NanobotVersion, p: BigPart): number | null {
  if (p.kind !== 'deep' && p.kind !== 'deep-extra') return null;
  const figures = depthFigures(version);
  return figures[p.pick % figures.length]!;
}

function partLine(spec: BigSpec, p: BigPart, r: () => number): Uint8Array {
  const levels = partLevels(spec.version, p) ?? 0;
  switch (p.kind) {
    case 'deep':
      // {"role", "content": lists}: json nesting 1 + (levels - 1)
      return enc.encode(`{"role": "${r() < 0.5 ? 'user' : 'assistant'}", "content": ${'['.repeat(levels - 1)}"x"${']'.repeat(levels - 1)}}\n`);
    case 'deep-extra':
      return enc.encode(`{"role": "assistant", "content": "deep beside", "extra": {"a": ${'['.repeat(levels - 2)}1${']'.repeat(levels - 2)}}}\n`);
    case 'corrupt':
      return enc.encode(r() < 0.5 ? '{"role": "user", "content": "cut off\n' : 'not json at all\n');
    case 'not-utf8': {
      // A byte that starts no character, or a character cut short (its third byte missing).
      const bad = r() < 0.5 ? [0xff] : [0xe4, 0xb8];
      return new Uint8Array([...enc.encode('{"role": "user", "content": "bad byte '), ...bad, ...enc.encode(' here"}\n')]);
    }
    case 'provider-state':
      return enc.encode('{"_type": "provider_state", "state": {"kind": "k", "provider": "p", "model": "m", "version": 1, "payload": {"n": 1}, "pending_messages": []}}\n');
    case 'crlf':
      return enc.encode(`{"role": "user", "content": "ends in crlf ${Math.floor(r() * 1000)}"}\r\n`);
    case 'wide':
      return enc.encode(`{"role": "assistant", "content": "${'中文字'.repeat(40)}"}\n`);
    case 'bom-id': {
      // A call, a result whose id is the call's after a BOM (raw or escaped: an orphan), then the call's own result.
      const bom = p.pick % 2 ? '\\ufeff' : '\ufeff';
      const call = '{"role": "assistant", "content": "", "tool_calls": [{"id": "cb", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}';
      return enc.encode(`${call}\n{"role": "tool", "tool_call_id": "${bom}cb", "name": "f", "content": "orphan"}\n{"role": "tool", "tool_call_id": "cb", "name": "f", "content": "answer"}\n`);
    }
  }
}

/** An ordinary message line of about `n` bytes (user, assistant, sometimes a tool call and its result). */
function fillerLines(r: () => number, n: number, turn: number): Uint8Array[] {
  let text = '';
  for (let bytes = 0; bytes < n; ) {
    const w = WORDS[Math.floor(r() * WORDS.length)]!;
    text += (text ? ' ' : '') + w;
    bytes += Buffer.byteLength(w) + 1;
  }
  const role = turn % 2 === 0 ? 'user' : 'assistant';
  if (role === 'assistant' && r() < 0.15) {
    const id = `call_${turn}`;
    return [
      enc.encode(JSON.stringify({ role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name: 'read_file', arguments: JSON.stringify({ path: text.slice(0, 40) }) } }] }) + '\n'),
      enc.encode(JSON.stringify({ role: 'tool', tool_call_id: id, name: 'read_file', content: text }) + '\n'),
    ];
  }
  return [enc.encode(JSON.stringify({ role, content: text, timestamp: `2030-01-01T00:${String(Math.floor(turn / 60) % 60).padStart(2, '0')}:${String(turn % 60).padStart(2, '0')}` }) + '\n')];
}

/** A pad message ending exactly `n` bytes (n ≥ 40) after where it starts. */
function padLine(n: number, turn: number): Uint8Array {
  const role = turn % 2 === 0 ? 'user' : 'assistant';
  const bare = `{"role": "${role}", "content": ""}\n`.length;
  return enc.encode(`{"role": "${role}", "content": "${'p'.repeat(n - bare)}"}\n`);
}

/** Where a part's line starts, given its length: at a place, or so that a boundary cuts it. */
function target(p: BigPart, len: number, size: number, r: () => number): number {
  switch (p.place) {
    case 'start':
      return 0;
    case 'middle':
      return Math.floor(size / 2);
    case 'end':
      return Infinity;
    case 'across-1mib':
    case 'across-8kib': {
      const boundary = p.place === 'across-1mib' ? MIB : KIB8 * (1 + (p.pick % Math.floor(size / KIB8 - 1)));
      // `\r\n` split between reads: the `\r` the last byte before the boundary; else anywhere inside.
      const cut = p.kind === 'crlf' && r() < 0.7 ? len - 1 : 1 + Math.floor(r() * (len - 1));
      return boundary - cut;
    }
  }
}

/** The file a spec stands for. */
export function bigFileBytes(spec: BigSpec): Uint8Array {
  const r = rng(spec.seed);
  const out: Uint8Array[] = [];
  /** Whether each line of `out` is an ordinary message (one that may grow to end where a part starts). */
  const plain: boolean[] = [];
  let at = 0;
  const push = (b: Uint8Array, isPlain = true) => {
    out.push(b);
    plain.push(isPlain);
    at += b.length;
  };
  if (spec.metadata) push(enc.encode(JSON.stringify({ _type: 'metadata', key: spec.key, created_at: '2030-01-01T00:00:00', updated_at: '2030-01-02T00:00:00', metadata: { title: 'big' }, last_consolidated: 0 }) + '\n'), false);
  const parts = spec.parts.map((p) => {
    const line = partLine(spec, p, r);
    return { line, start: target(p, line.length, spec.size, r) };
  });
  parts.sort((a, b) => a.start - b.start);
  let turn = 0;
  for (const { line, start } of [...parts, { line: null, start: spec.size }]) {
    const goal = Number.isFinite(start) ? start : spec.size;
    // Ordinary messages up to the part's start, the last one padded to end exactly there.
    while (goal - at >= 2000) for (const l of fillerLines(r, 60 + Math.floor(r() * 1500), turn++)) push(l);
    if (goal - at >= 40) push(padLine(goal - at, turn++));
    else if (goal > at && plain[plain.length - 1]) {
      // Too close for a pad of its own: the last message grows to end there instead.
      at -= out.pop()!.length;
      plain.pop();
      push(padLine(goal - at, turn++));
    }
    if (line) push(line, false);
  }
  // The last line may end without its newline.
  const bytes = new Uint8Array(at);
  let k = 0;
  for (const b of out) {
    bytes.set(b, k);
    k += b.length;
  }
  return r() < 0.2 && bytes[bytes.length - 1] === 0x0a ? bytes.subarray(0, bytes.length - 1) : bytes;
}

/**
 * The four replay settings compared (as nanobot's get_history arguments; the CLI's flags say the same). A release
 * whose get_history has no budget or no `extend_to_user` (the rows replayBudget, extendToUser) is asked without
 * them: the oracle raises LookupError for an option the release lacks, so a wrong row shows as a finding.
 */
export function replaySettings(version: NanobotVersion) {
  const rules = rulesOf(version);
  const budget = (n: number) => (rules.replayBudget ? n : 0);
  return [
    { max_messages: rules.defaultMaxMessages, max_tokens: 0, timestamps: false, extend_to_user: false, public: false },
    { max_messages: 500, max_tokens: budget(190_784), timestamps: false, extend_to_user: rules.extendToUser, public: false },
    { max_messages: 50, max_tokens: budget(2_000), timestamps: rules.timestamps, extend_to_user: false, public: false },
    { max_messages: 100_000, max_tokens: 0, timestamps: false, extend_to_user: false, public: rules.runtimeContext },
  ];
}
