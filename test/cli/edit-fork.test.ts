/**
 * `fork` and `delete` of a big file run on its line index (store/source/indexed-fork.ts, the index
 * source's guarded removal) and print and write exactly what the whole-file path does, byte for
 * byte, without reading the file whole: a generated file past the default threshold holding the
 * hard parts (corrupt lines, CRLF, a BOM, a provider_state record, runtime-context markers, a second
 * metadata record, no final newline), and the same file with a byte that is not UTF-8 (nanobot then
 * loads nothing and the recovered lens is forked).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { syntheticFile, syntheticMessages } from '../../bench/synthetic';
import { main } from '../../src/cli/cli';
import { LINE_INDEX } from '../../src/store/source/open-source';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { pyDumps } from '../../src/core/python/pyjson';

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
  /** The file afterwards (latin1, so any bytes compare; null once deleted), and the other files of its folder with their bytes. */
  file: string | null;
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
    return { code, out: unstamped(out.join('')), err: err.join(''), file: existsSync(file) ? readFileSync(file).toString('latin1') : null, others };
  } finally {
    spy.mockRestore();
  }
}

const FORKS = [['fork', '0', 'fork:zero', '--write'], ['fork', '700', 'fork:mid', '--write'], ['fork', '100000', 'fork:past'], ['fork', '3', 'big'], ['fork', '2', 'fork:dry', '--json'], ['delete', '--write'], ['delete']];

describe('fork and delete of a big file run on its index, with the whole-file answers and bytes', () => {
  it.each(['v0.2', 'v0.3.0', 'main'] as NanobotVersion[])('%s: a generated file past the default threshold, with the hard parts', { timeout: 120_000 }, async (version) => {
    const lines = syntheticFile(syntheticMessages(3500, 5, 30), 40).split('\n').filter(Boolean);
    lines.splice(3, 0, '{"role": "user", "content": "cut', '', '[]', '\ufeff{"role": "user", "content": "bom"}');
    lines.splice(500, 0, pyDumps({ role: 'user', content: 'hi\n\n[Runtime Context]\nnow', _runtime_context: { version: 1, suffix: '\n\n[Runtime Context]\nnow' } }));
    lines.splice(1500, 0, pyDumps({ _type: 'provider_state', state: { kind: 'k', provider: 'p', model: 'm', version: 1, payload: {} } }));
    lines.splice(2000, 0, pyDumps({ _type: 'metadata', key: 'second:meta', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-01T00:00:00', metadata: { title: 'old', goal_state: 'x', _last_summary: 's' }, last_consolidated: 3 }));
    const text = lines.map((l, i) => l + (i % 7 === 3 ? '\r\n' : '\n')).join('').slice(0, -1);
    const bytes = new TextEncoder().encode(text);
    const bad = bytes.lastIndexOf(0x61);
    const invalid = bytes.slice();
    invalid[bad] = 0xff;
    expect(bytes.length).toBeGreaterThan(defaults.from);
    const file = join(tempDir(), 'big.jsonl');
    let forks = 0;
    for (const b of [bytes, invalid]) {
      for (const edit of FORKS) {
        const argv = [edit[0]!, file, ...edit.slice(1), '--nanobot', version];
        const whole = await run(file, b, argv, false);
        seen.wholeReads = 0;
        const indexed = await run(file, b, argv, true, defaults.from);
        expect(indexed, `${version} ${edit.join(' ')}`).toEqual(whole);
        expect(seen.wholeReads, 'the index path read the file whole').toBe(0);
        if (edit[0] === 'fork' && indexed.others.length) forks++;
      }
    }
    expect(forks).toBe(4);
  });
});
