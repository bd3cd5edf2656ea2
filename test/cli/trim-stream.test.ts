/**
 * `trim` of a big file runs on the line index (store/save/indexed-trim.ts) and prints and writes
 * exactly what the whole-file path does. The planner's equality with the whole-file trim is proved
 * in the core (test/core/large-edit.test.ts, every setting); here the CLI's wiring (key, refusals,
 * dry run, write) on every session file of the three golden corpora under one of three settings in turn, a
 * generated 3,000-message file with corrupt lines, CRLF, a 3 MiB line and no final newline at the
 * default threshold; it never reads the file whole; a change between plan and write exits 1 and
 * loses nothing.
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { syntheticFile, syntheticMessages } from '../../bench/synthetic';
import { main } from '../../src/cli/cli';
import { LINE_INDEX as STREAMING } from '../../src/store/source/open-source';
import { pyDumps } from '../../src/core/python/pyjson';
import { corpusDir } from '../golden-values';
import { corpusVersion } from '../golden/runner';
import { sessionFiles } from '../corpora';

const seen = vi.hoisted(() => ({ wholeReads: 0, opens: 0, tmpNames: [] as string[], beforeWrite: null as null | (() => void) }));
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
        writeAtomic: (p: string, data: Parameters<typeof a.writeAtomic>[1], o?: Parameters<typeof a.writeAtomic>[2]) => {
          if (o?.tmpName) seen.tmpNames.push(o.tmpName);
          return a.writeAtomic(p, data, o);
        },
      };
    },
  };
});
vi.mock('../../src/store/save/sessions', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../src/store/save/sessions')>();
  return {
    ...mod,
    openSession: (...a: Parameters<typeof mod.openSession>) => {
      seen.opens++;
      return mod.openSession(...a);
    },
  };
});
vi.mock('../../src/store/save/indexed-trim', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../src/store/save/indexed-trim')>();
  return {
    ...mod,
    writeTrimIndexed: (...a: Parameters<typeof mod.writeTrimIndexed>) => {
      seen.beforeWrite?.();
      return mod.writeTrimIndexed(...a);
    },
  };
});

process.env.TZ = 'UTC';
const NOW = ['--now', '2031-07-08T09:10:11.121314'];
const defaults = { ...STREAMING };
afterEach(() => {
  Object.assign(STREAMING, defaults);
  seen.beforeWrite = null;
});

const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'lens-trim-'));
  temps.push(d);
  return d;
}

interface Run {
  code: number;
  out: string;
  err: string;
  /** The file afterwards (latin1, so any bytes compare), and what else is in its folder. */
  file: string;
  others: string[];
}

/** One run over `file` (restored to `bytes` first): on the index (threshold 0 unless `from`) or reading whole. */
async function run(file: string, bytes: Uint8Array, argv: string[], streaming: boolean, from = 0): Promise<Run> {
  writeFileSync(file, bytes);
  Object.assign(STREAMING, streaming ? { from } : { from: Infinity });
  const out: string[] = [];
  const err: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
  try {
    const code = await main([...argv, ...NOW], { log: (s) => out.push(s + '\n'), write: (s) => out.push(s) });
    const dir = join(file, '..');
    return { code, out: out.join(''), err: err.join(''), file: readFileSync(file).toString('latin1'), others: readdirSync(dir).filter((n) => n !== basename(file)) };
  } finally {
    spy.mockRestore();
  }
}

const SETTINGS = [['0', '--write'], ['2', '--extend-to-user', '--write'], ['3']];

describe('trim of a big file runs on its index, with the whole-file answers and bytes', () => {
  it.each(['golden', 'golden-v0.3', 'golden-main'])('every session file of %s', { timeout: 600_000 }, async (corpus) => {
    const dir = corpusDir(corpus);
    const version = corpusVersion(dir);
    const scratch = tempDir();
    const mismatches: string[] = [];
    let written = 0;
    for (const [i, source] of sessionFiles(join(dir, 'fixtures')).entries()) {
      // The file's own name (its key falls back to it) in a folder of its own.
      const folder = join(scratch, String(i));
      mkdirSync(folder);
      const file = join(folder, basename(source));
      const bytes = new Uint8Array(readFileSync(source));
      // The wiring, not the planner (proved in the core on every setting): one setting a file, in turn.
      for (const s of [SETTINGS[i % SETTINGS.length]!]) {
        const argv = ['trim', file, ...s, '--nanobot', version];
        const whole = await run(file, bytes, argv, false);
        seen.wholeReads = seen.opens = 0;
        const streamed = await run(file, bytes, argv, true);
        if (JSON.stringify(streamed) !== JSON.stringify(whole)) mismatches.push(`${source} ${s.join(' ')}: ${JSON.stringify(streamed).slice(0, 300)} vs ${JSON.stringify(whole).slice(0, 300)}`);
        if (seen.wholeReads || seen.opens) mismatches.push(`${source} ${s.join(' ')}: streaming read the file whole`);
        if (whole.out.includes('written')) written++;
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(written).toBeGreaterThan(100);
  });

  it('a 3,000-message file with corrupt lines, CRLF, a 3 MiB line and no final newline streams at the default threshold', { timeout: 120_000 }, async () => {
    const messages = syntheticMessages(3000, 9, 12);
    const lines = syntheticFile(messages, 1200).split('\n').filter(Boolean);
    lines.splice(2, 0, '{"role": "user", "content": "cut', '', '[]');
    lines.splice(2800, 0, pyDumps({ role: 'user', content: 'é'.repeat(3 << 19) }), '\ufeff{"role": "user"}');
    const text = lines.map((l, i) => l + (i % 10 === 3 ? '\r\n' : '\n')).join('').slice(0, -1);
    const bytes = new TextEncoder().encode(text);
    expect(bytes.length).toBeGreaterThan(STREAMING.from);
    const file = join(tempDir(), 'big.jsonl');
    for (const version of ['v0.2', 'v0.3.0', 'main']) {
      for (const s of [['500', '--write'], ['40', '--extend-to-user', '--write'], ['2000'], ['9000', '--write']]) {
        const argv = ['trim', file, ...s, '--nanobot', version];
        const whole = await run(file, bytes, argv, false);
        seen.wholeReads = seen.opens = 0;
        seen.tmpNames.length = 0;
        expect(await run(file, bytes, argv, true, defaults.from), `${version} ${s.join(' ')}`).toEqual(whole);
        expect(seen.wholeReads + seen.opens, 'streaming read the file whole').toBe(0);
        if (s.includes('--write') && s[0] !== '9000') expect(seen.tmpNames).toEqual([version === 'main' ? expect.stringMatching(/^\.big\.jsonl\.[0-9a-f]{16}\.tmp$/) : 'big.jsonl.tmp']);
      }
    }
  });

  it('keeps the file\'s permission bits', async () => {
    const file = join(tempDir(), 'private.jsonl');
    const bytes = new TextEncoder().encode(syntheticFile(syntheticMessages(200, 2, 4)));
    writeFileSync(file, bytes);
    Object.assign(STREAMING, { from: 0 });
    chmodSync(file, 0o600);
    expect(await main(['trim', file, '10', '--write', '--nanobot', 'v0.2', ...NOW], { log: () => undefined, write: () => undefined })).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file).length).toBeLessThan(bytes.length);
  });

  it('a change between plan and write exits 1, says what changed, and loses nothing', async () => {
    const file = join(tempDir(), 'busy.jsonl');
    const bytes = new TextEncoder().encode(syntheticFile(syntheticMessages(400, 3, 4)));
    const late = '{"role": "user", "content": "written by nanobot meanwhile"}\n';
    seen.beforeWrite = () => appendFileSync(file, late);
    const r = await run(file, bytes, ['trim', file, '10', '--write', '--nanobot', 'v0.3.0'], true);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/changed on disk since it was read: size \d+ → \d+ bytes/);
    expect(r.file).toBe(Buffer.from(bytes).toString('latin1') + late);
    expect(r.others).toEqual([]);
    // And a copy made (same bytes, new mtime) is no change: the write goes ahead.
    seen.beforeWrite = () => {
      copyFileSync(file, file + '.copy');
      writeFileSync(file, readFileSync(file + '.copy'));
      rmSync(file + '.copy');
    };
    expect((await run(file, bytes, ['trim', file, '10', '--write', '--nanobot', 'v0.3.0'], true)).code).toBe(0);
  });
});
