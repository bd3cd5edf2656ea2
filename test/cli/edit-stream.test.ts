/**
 * `set-title` and `repair` of a big file run on its line index (store/save/indexed-edit.ts, through
 * the file's SessionSource) and print and write exactly what the whole-file path does, byte for
 * byte, without reading the file whole: every session file of the three golden corpora (one edit a
 * file, in turn), and a generated file past the default threshold holding the hard parts (corrupt
 * lines, CRLF, a BOM, a provider_state record, a deeply nested line, a second metadata record, a
 * non-UTF-8 byte, no final newline). A repair's backup holds the original bytes.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { syntheticFile, syntheticMessages } from '../../bench/synthetic';
import { main } from '../../src/cli/cli';
import { LINE_INDEX } from '../../src/store/source/open-source';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { SHALLOWEST_DEPTH, pyDumps } from '../../src/core/python/pyjson';
import { corpusDir } from '../golden-values';
import { corpusVersion } from '../golden/runner';
import { sessionFiles } from '../corpora';

const seen = vi.hoisted(() => ({ wholeReads: 0 }));
vi.mock('../../src/store/adapter/node-adapter', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../src/store/adapter/node-adapter')>();
  return {
    ...mod,
    createNodeAdapter: (root: string) => {
      const a = mod.createNodeAdapter(root);
      return {
        ...a,
        readWhole: (p: string) => {
          seen.wholeReads++;
          return a.readWhole!(p);
        },
      };
    },
  };
});

process.env.TZ = 'UTC';
const NOW = ['--now', '2031-07-08T09:10:11.121314'];
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));

const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'lens-edit-'));
  temps.push(d);
  return d;
}

/** A backup's name without its clock stamp (two runs make it at two instants). */
const unstamped = (s: string) => s.replace(/\.\d{8}T\d{9}Z(-\d+)?\.bak/g, '.<stamp>.bak');

interface Run {
  code: number;
  out: string;
  err: string;
  /** The file afterwards (latin1, so any bytes compare), and the other files of its folder with their bytes. */
  file: string;
  others: [string, string][];
}

/** One run over `file` (alone in its folder, restored to `bytes` first): on the index (threshold `from`) or reading whole. */
async function run(file: string, bytes: Uint8Array, argv: string[], streaming: boolean, from = 0): Promise<Run> {
  const dir = join(file, '..');
  for (const n of readdirSync(dir)) rmSync(join(dir, n));
  writeFileSync(file, bytes);
  Object.assign(LINE_INDEX, streaming ? { from } : { from: Infinity });
  const out: string[] = [];
  const err: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
  try {
    const code = await main([...argv, ...NOW], { log: (s) => out.push(s + '\n'), write: (s) => out.push(s) });
    const others = readdirSync(dir).filter((n) => n !== basename(file)).map((n): [string, string] => [unstamped(n), readFileSync(join(dir, n)).toString('latin1')]);
    return { code, out: unstamped(out.join('')), err: err.join(''), file: readFileSync(file).toString('latin1'), others };
  } finally {
    spy.mockRestore();
  }
}

const EDITS = [['set-title', 'A title é 😀', '--write'], ['repair', '--write'], ['set-title', 'dry run'], ['repair'], ['set-title', '\ud800 lone', '--write']];

describe('set-title and repair of a big file run on its index, with the whole-file answers and bytes', () => {
  it.each(['golden', 'golden-v0.3', 'golden-main'])('every session file of %s', { timeout: 600_000 }, async (corpus) => {
    const dir = corpusDir(corpus);
    const version = corpusVersion(dir);
    const scratch = tempDir();
    const mismatches: string[] = [];
    const written = { 'set-title': 0, repair: 0 };
    for (const [i, source] of sessionFiles(join(dir, 'fixtures')).entries()) {
      const folder = join(scratch, String(i));
      mkdirSync(folder);
      const file = join(folder, basename(source));
      const bytes = new Uint8Array(readFileSync(source));
      const edit = EDITS[i % EDITS.length]!;
      const argv = [edit[0]!, file, ...edit.slice(1), '--nanobot', version];
      const whole = await run(file, bytes, argv, false);
      seen.wholeReads = 0;
      const indexed = await run(file, bytes, argv, true);
      if (JSON.stringify(indexed) !== JSON.stringify(whole)) mismatches.push(`${source} ${edit.join(' ')}: ${JSON.stringify(indexed).slice(0, 300)} vs ${JSON.stringify(whole).slice(0, 300)}`);
      if (seen.wholeReads) mismatches.push(`${source} ${edit.join(' ')}: the index path read the file whole`);
      if (whole.out.includes('written')) written[edit[0] as 'set-title' | 'repair']++;
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(written['set-title']).toBeGreaterThan(50);
    expect(written.repair).toBeGreaterThan(50);
  });

  it.each(['v0.2', 'v0.3.0', 'main'] as NanobotVersion[])('%s: a generated file past the default threshold, with the hard parts, at the default threshold', { timeout: 120_000 }, async (version) => {
    // Nested as deep as every lens reads alike (at nanobot's own figure the recovered lens and the index disagree: reported, not this test's).
    const deep = SHALLOWEST_DEPTH;
    const lines = syntheticFile(syntheticMessages(3500, 5, 30), 40).split('\n').filter(Boolean);
    lines.splice(3, 0, '{"role": "user", "content": "cut', '', '[]', '\ufeff{"role": "user", "content": "bom"}');
    lines.splice(900, 0, `{"role": "assistant", "content": ${'['.repeat(deep - 1)}"x"${']'.repeat(deep - 1)}}`);
    lines.splice(1500, 0, pyDumps({ _type: 'provider_state', state: { kind: 'k', provider: 'p', model: 'm', version: 1, payload: {} } }));
    lines.splice(2000, 0, pyDumps({ _type: 'metadata', key: 'second:meta', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-01T00:00:00', metadata: { title: 'old' }, last_consolidated: 3 }));
    const text = lines.map((l, i) => l + (i % 7 === 3 ? '\r\n' : '\n')).join('').slice(0, -1);
    const bytes = new TextEncoder().encode(text);
    // A byte that is not UTF-8, in a message near the end.
    const bad = bytes.lastIndexOf(0x61);
    const invalid = bytes.slice();
    invalid[bad] = 0xff;
    expect(bytes.length).toBeGreaterThan(defaults.from);
    const file = join(tempDir(), 'big.jsonl');
    for (const b of [bytes, invalid]) {
      for (const edit of [['set-title', 'Big', '--write'], ['repair', '--write'], ['repair']]) {
        const argv = [edit[0]!, file, ...edit.slice(1), '--nanobot', version];
        const whole = await run(file, b, argv, false);
        seen.wholeReads = 0;
        const indexed = await run(file, b, argv, true, defaults.from);
        expect(indexed, `${version} ${edit.join(' ')}`).toEqual(whole);
        expect(seen.wholeReads, 'the index path read the file whole').toBe(0);
        if (edit[0] === 'repair' && edit.includes('--write')) expect(indexed.others).toEqual([['big.jsonl.<stamp>.bak', Buffer.from(b).toString('latin1')]]);
      }
    }
  });

  it.each(['v0.2', 'v0.3.0', 'main'] as NanobotVersion[])('%s: provider states and no message, the last line with and without its newline: the same repair', async (version) => {
    const state = (n: number) => pyDumps({ _type: 'provider_state', state: { kind: 'k', provider: 'p', model: `m${n}`, version: 1, payload: {} } });
    const meta = pyDumps({ _type: 'metadata', key: 'states:only', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-01T00:00:00', metadata: {}, last_consolidated: 0 });
    const file = join(tempDir(), 'states.jsonl');
    for (const text of [`${meta}\n${state(1)}\n${state(2)}`, `${meta}\n${state(1)}\n${state(2)}\n`, `${meta}\n{bad\n${state(1)}\r\n${state(2)}`, `${state(1)}`]) {
      const bytes = new TextEncoder().encode(text);
      const argv = ['repair', file, '--write', '--nanobot', version];
      expect(await run(file, bytes, argv, true), JSON.stringify(text)).toEqual(await run(file, bytes, argv, false));
    }
  });
});
