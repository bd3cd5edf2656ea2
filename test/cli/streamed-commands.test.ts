/**
 * `format`, `tokens`, `load` and `replay` of a big file run on its line index and print exactly the bytes the
 * whole-file path prints, with the same exit code and stderr (the threshold lowered to 0): one
 * command per session file of the three golden corpora in turn, a generated session, and any
 * generated file. The index path never falls back to a whole read on them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { syntheticFile, syntheticMessages } from '../../bench/synthetic';
import { main } from '../../src/cli/cli';
import { LINE_INDEX as STREAMING } from '../../src/store/source/open-source';
import { corpusDir } from '../golden-values';
import { corpusVersion } from '../golden/runner';
import { sessionFiles } from '../corpora';
import { sessionFile } from '../arbitrary-files';
import { NANOBOT_VERSIONS } from '../../src/core/nanobot/nanobot-version';

const wholeReads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/store/adapter/read-only', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../src/store/adapter/read-only')>();
  return {
    ...mod,
    readNanobotLens: (...a: Parameters<typeof mod.readNanobotLens>) => {
      wholeReads.count++;
      return mod.readNanobotLens(...a);
    },
    readBothLenses: (...a: Parameters<typeof mod.readBothLenses>) => {
      wholeReads.count++;
      return mod.readBothLenses(...a);
    },
  };
});

process.env.TZ = 'UTC';
const NOW = ['--now', '2031-07-08T09:10:11.121314'];
const defaults = { ...STREAMING };
afterEach(() => Object.assign(STREAMING, defaults));
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

const encoder = new TextEncoder();

/** Exit code, stdout bytes (as hex-free text of its bytes) and stderr of one run, streaming or whole. */
async function result(argv: string[], streaming: boolean): Promise<{ code: number; out: string; err: string }> {
  Object.assign(STREAMING, streaming ? { from: 0 } : { from: Infinity });
  const pieces: Uint8Array[] = [];
  const err: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((s: string) => (err.push(String(s)), true)) as typeof process.stderr.write;
  let code: number;
  try {
    // All three sinks, as on a real stdout: whole lines, text pieces and bytes.
    code = await main([...argv, ...NOW], { log: (s) => pieces.push(encoder.encode(s + '\n')), write: (s) => pieces.push(encoder.encode(s)), bytes: (b) => pieces.push(new Uint8Array(b)) });
  } finally {
    process.stderr.write = write;
  }
  return { code, out: Buffer.concat(pieces).toString('latin1'), err: err.join('') };
}

const COMMANDS = [['format'], ['tokens', '--json'], ['tokens'], ['load', '--json'], ['load'], ['replay', '--json']];

describe('format, tokens, load and replay stream big files, with the whole-file answers', () => {
  it.each(['golden', 'golden-v0.3', 'golden-main'])('every session file of %s', { timeout: 600_000 }, async (corpus) => {
    const dir = corpusDir(corpus);
    const version = corpusVersion(dir);
    const mismatches: string[] = [];
    let streamed = 0;
    // The CLI's wiring, not the index's equality with the whole file (proved in the core): one command a file, in turn.
    for (const [i, file] of sessionFiles(join(dir, 'fixtures')).entries()) {
      for (const c of [COMMANDS[i % COMMANDS.length]!]) {
        const argv = [c[0]!, file, '--nanobot', version, ...c.slice(1)];
        const whole = await result(argv, false);
        wholeReads.count = 0;
        const s = await result(argv, true);
        if (wholeReads.count === 0) streamed++;
        if (JSON.stringify(s) !== JSON.stringify(whole)) mismatches.push(`${file} ${c.join(' ')}`);
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    // Only a save that raises (a lone surrogate) or an empty load goes back to the whole file.
    expect(streamed).toBeGreaterThan(0.8 * sessionFiles(join(dir, 'fixtures')).length);
  });

  it('a generated 3,000-message session streams, at every version, with the whole-file bytes', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'lens-stream-cmds-')), 'sessions');
    temps.push(dir);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'big.jsonl');
    writeFileSync(file, syntheticFile(syntheticMessages(3000, 3, 6), 40));
    for (const version of ['v0.2', 'v0.3.0', 'main']) {
      for (const c of COMMANDS) {
        const argv = [c[0]!, file, '--nanobot', version, ...c.slice(1)];
        wholeReads.count = 0;
        const s = await result(argv, true);
        expect(wholeReads.count, `${version} ${c.join(' ')} read the whole file`).toBe(0);
        expect(s).toEqual(await result(argv, false));
      }
    }
  });

  it('any generated file (hostile values, invalid UTF-8, odd line ends) at any version: the index path prints the whole-file bytes', { timeout: 300_000 }, async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'lens-stream-any-')), 'sessions');
    temps.push(dir);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'any.jsonl');
    await fc.assert(
      fc.asyncProperty(sessionFile, fc.constantFrom(...NANOBOT_VERSIONS), fc.constantFrom(...COMMANDS), async (bytes, version, c) => {
        writeFileSync(file, bytes);
        const argv = [c[0]!, file, '--nanobot', version, ...c.slice(1)];
        expect(await result(argv, true), `${version} ${c.join(' ')}`).toEqual(await result(argv, false));
      }),
      { numRuns: 250 },
    );
  });
});
