/**
 * Every read command on the index path gives the whole-file path's answer, byte for byte, with the
 * same exit code, on generated files holding one hard part each (deep nesting, a corrupt line, a
 * byte that is not UTF-8, a provider_state record, `\r\n` line ends, a second metadata record, and
 * that record with corrupt lines after it, which send nanobot to its repair pass)
 * placed at the start, the middle, the end, across the 8 KiB of Python's text reads and across
 * 1 MiB (a real read's chunk). The threshold is lowered so small files reach the index; only the
 * files that cross 1 MiB are that big. No run crashes (exit 3) or throws.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { syntheticMessages } from '../../bench/synthetic';
import { main } from '../../src/cli/cli';
import { LINE_INDEX } from '../../src/store/source/open-source';
import { NANOBOT_VERSIONS } from '../../src/core/nanobot/nanobot-version';
import { SHALLOWEST_DEPTH, pyDumps } from '../../src/core/python/pyjson';

process.env.TZ = 'UTC';
const NOW = ['--now', '2031-07-08T09:10:11.121314'];
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));
const dir = join(mkdtempSync(join(tmpdir(), 'lens-hard-')), 'sessions');
mkdirSync(dir);
afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

const enc = new TextEncoder();
const META = pyDumps({ _type: 'metadata', key: 'hard:parts', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-01T00:00:00', metadata: { title: 'hard' }, last_consolidated: 2 }) + '\n';

/** Each hard part as the bytes of its line(s), terminators included. */
const HARD: Record<string, Uint8Array> = {
  // As deep as every lens reads alike (test/cli/deep-nesting.test.ts holds nanobot's own figures).
  deep: enc.encode(`{"role": "assistant", "content": ${'['.repeat(SHALLOWEST_DEPTH - 1)}"x"${']'.repeat(SHALLOWEST_DEPTH - 1)}}\n`),
  corrupt: enc.encode('{"role": "user", "content": "cut off\n'),
  'not UTF-8': Uint8Array.from([...enc.encode('{"role": "user", "content": "bad '), 0xc3, 0x28, ...enc.encode(' byte"}\n')]),
  provider_state: enc.encode(pyDumps({ _type: 'provider_state', state: { kind: 'k', provider: 'p', model: 'm', version: 1, payload: { a: 1 } } }) + '\n'),
  crlf: enc.encode(`${pyDumps({ role: 'user', content: 'one' })}\r\n${pyDumps({ role: 'assistant', content: 'two' })}\r\n`),
  'second metadata': enc.encode(pyDumps({ _type: 'metadata', key: 'second:meta', created_at: '2026-02-01T00:00:00', updated_at: '2026-02-01T00:00:00', metadata: { title: 'second' }, last_consolidated: 1 }) + '\n'),
  // The strict pass fails, and the repair pass reads both metadata records (the last one counts).
  'a second metadata record and a corrupt line': enc.encode(pyDumps({ _type: 'metadata', key: 'second:meta', created_at: '2026-02-01T00:00:00', updated_at: '2026-02-01T00:00:00', metadata: { title: 'second' }, last_consolidated: 1 }) + '\n[1, 2]\n{"role": "user"\n'),
};

/** Message lines of at least `bytes` bytes in all. */
function messageLines(bytes: number, seed: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  if (bytes <= 0) return out;
  let total = 0;
  for (const m of syntheticMessages(Math.ceil(bytes / 150) + 20, seed, 12)) {
    const l = enc.encode(pyDumps(m) + '\n');
    out.push(l);
    total += l.length;
    if (total >= bytes) break;
  }
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A file with `hard` after about `at` bytes of messages; with `across`, its middle byte exactly at offset `across`. */
function fileWith(hard: Uint8Array, at: number, size: number, across?: number): Uint8Array {
  const meta = enc.encode(META);
  const before = messageLines(at, 3);
  let head = concat([meta, ...before]);
  if (across !== undefined) {
    // A filler message ends where the hard part must begin.
    const begin = across - Math.floor(hard.length / 2);
    const lines: Uint8Array[] = [meta];
    let n = meta.length;
    for (const l of before) {
      if (n + l.length > begin - 200) break;
      lines.push(l);
      n += l.length;
    }
    const open = enc.encode('{"role": "assistant", "content": "');
    const close = enc.encode('"}\n');
    lines.push(open, enc.encode('p'.repeat(begin - n - open.length - close.length)), close);
    head = concat(lines);
    expect(head.length).toBe(begin);
  }
  const after = messageLines(Math.max(0, size - head.length - hard.length), 5);
  return concat([head, hard, ...after]);
}

const KiB = 1024;
const PLACES: [string, (hard: Uint8Array) => Uint8Array][] = [
  ['the start', (h) => fileWith(h, 0, 20 * KiB)],
  ['the middle', (h) => fileWith(h, 10 * KiB, 20 * KiB)],
  ['the end', (h) => fileWith(h, 20 * KiB, 0)],
  ['across 8 KiB', (h) => fileWith(h, 8 * KiB, 20 * KiB, 8 * KiB)],
  ['across 1 MiB', (h) => fileWith(h, 1024 * KiB, 1100 * KiB, 1024 * KiB)],
];

const COMMANDS = [['format'], ['tokens'], ['tokens', '--json'], ['load'], ['load', '--json'], ['replay'], ['replay', '--json'], ['replay', '--json', '--public'], ['replay', '--json', '--max-tokens', '2000', '--max-messages', '0'], ['check', '--json']];

interface Result {
  code: number | string;
  out: string;
  err: string;
}

/** One run on the index (threshold 0) or reading whole; a thrown error is a result too (and fails the test). */
async function result(argv: string[], indexed: boolean): Promise<Result> {
  Object.assign(LINE_INDEX, { from: indexed ? 0 : Infinity });
  const out: Buffer[] = [];
  const err: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
  try {
    const code = await main([...argv, ...NOW], { log: (s) => out.push(Buffer.from(s + '\n')), write: (s) => out.push(Buffer.from(s)), bytes: (b) => out.push(Buffer.from(b)) });
    return { code, out: Buffer.concat(out).toString('latin1'), err: err.join('') };
  } catch (e) {
    return { code: 'threw', out: String(e), err: err.join('') };
  } finally {
    spy.mockRestore();
  }
}

describe.each(Object.keys(HARD))('%s', (part) => {
  it.each(PLACES)('at %s: every read command, the versions in turn, gives the whole-file answer on the index', { timeout: 120_000 }, async (place, make) => {
    const bytes = make(HARD[part]!);
    const file = join(dir, `${part.replace(/\W/g, '-')}-${place.replace(/\W/g, '-')}.jsonl`);
    writeFileSync(file, bytes);
    const big = bytes.length > 1024 * KiB;
    const mismatches: string[] = [];
    // The turn's offset: by place, and by part (four places a part apart), so the parts' turns cover every version.
    const p = PLACES.findIndex(([name]) => name === place) + 4 * Object.keys(HARD).indexOf(part);
    for (const [k, c] of COMMANDS.entries()) {
      // A big file at one version a command (in turn); a small one at three versions a command, in turn by
      // command, place and part: every command meets every version over the parts' places (a version added
      // to NANOBOT_VERSIONS joins the turn instead of adding ten runs of each command to every file).
      const n = NANOBOT_VERSIONS.length;
      for (const version of big ? [NANOBOT_VERSIONS[k % n]!] : [0, 1, 2].map((j) => NANOBOT_VERSIONS[(3 * k + j + p) % n]!)) {
        const argv = [c[0]!, file, '--nanobot', version, ...c.slice(1)];
        const whole = await result(argv, false);
        const indexed = await result(argv, true);
        expect(whole.code, `${argv.join(' ')}: ${whole.out.slice(0, 200)}`).not.toBe('threw');
        expect([0, 1]).toContain(indexed.code);
        if (JSON.stringify(indexed) !== JSON.stringify(whole)) mismatches.push(`${version} ${c.join(' ')}: ${indexed.code} ${indexed.out.slice(0, 160)} | whole: ${whole.code} ${whole.out.slice(0, 160)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
