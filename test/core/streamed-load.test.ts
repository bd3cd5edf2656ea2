/**
 * The streamed load (`streamedLoadInto`, what `replay` and `tokens` load a big file with) gives
 * exactly the whole-file path's answers (`storedKey` + `loadNanobot`, which the golden tests hold to
 * nanobot's own): key, path, exceptions, logs, head, and every message its sink is handed with its
 * line, on every session file of the three golden corpora and on generated files, fed in chunks of
 * 1, 7 and 64 bytes (a line, a `\r\n` or a UTF-8 character cut anywhere; Python's 8 KiB decoding
 * chunks followed for files that are not UTF-8).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadNanobot, type LineCache } from '../../src/core/lens/load';
import { NANOBOT_VERSIONS, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { pyDumps } from '../../src/core/python/pyjson';
import type { PyDict } from '../../src/core/python/pyvalue';
import { storedKey } from '../../src/core/nanobot/stored-key';
import { streamedLoadInto } from '../../src/core/lens/streamed-load';
import { sessionFile } from '../arbitrary-files';
import { corpusDir } from '../golden-values';
import { corpusVersion } from '../golden/runner';
import { sessionFiles } from '../corpora';

const NOW = '2031-07-08T09:10:11.121314';
const FALLBACK = 'fallback:key';

/** The file in chunks of `size`, through one reused buffer as a file reader would. */
function chunksOf(bytes: Uint8Array, size: number): () => AsyncIterable<Uint8Array> {
  return async function* () {
    const buf = new Uint8Array(size);
    for (let at = 0; at < bytes.length; at += size) {
      const n = Math.min(size, bytes.length - at);
      buf.set(bytes.subarray(at, at + n));
      yield buf.subarray(0, n);
      buf.fill(0x7b);
    }
  };
}

function wholeLoad(bytes: Uint8Array, version: NanobotVersion) {
  const cache: LineCache = { results: [] };
  const key = storedKey(bytes, FALLBACK, cache);
  return { key, load: loadNanobot(bytes, key, NOW, version, cache) };
}

/** A sink that keeps every message and its line (the test's; a command keeps far less). */
const keepAll = () => {
  const messages: PyDict[] = [];
  const lines: number[] = [];
  return { add: (m: PyDict, line: number) => (messages.push(m), lines.push(line)), held: () => ({ messages, lines }) };
};

const streamed = (bytes: Uint8Array, version: NanobotVersion, size: number) => streamedLoadInto(chunksOf(bytes, size), { now: NOW, version, fallbackKey: FALLBACK }, keepAll);

/** What differs between the streamed and the whole-file load (empty when nothing does). */
function loadDiff(s: Awaited<ReturnType<typeof streamed>>, w: ReturnType<typeof wholeLoad>): string[] {
  const out: string[] = [];
  const same = (what: string, a: unknown, b: unknown) => {
    if (!isDeepStrictEqual(a, b)) out.push(`${what}: streamed ${String(pyDumps(a as never)).slice(0, 200)} whole ${String(pyDumps(b as never)).slice(0, 200)}`);
  };
  same('key', s.key, w.key);
  for (const f of ['path', 'strictError', 'repairError', 'skipped', 'logs', 'error'] as const) same(f, s[f] ?? null, w.load[f] ?? null);
  const a = s.result;
  const b = w.load.result;
  if (!a || !b) {
    same('result', a === null, b === null);
    return out;
  }
  for (const f of ['key', 'createdAt', 'updatedAt', 'lastConsolidated', 'metadata', 'providerState'] as const) same(f, a[f] ?? null, b[f] ?? null);
  same('messages', a.messages, b.messages);
  same('messageLines', a.lines, b.messageLines);
  return out;
}

describe.each(['golden', 'golden-v0.3', 'golden-main'])('streamed load = whole file, corpus %s', (corpus) => {
  it('on every session file, in chunks of 1, 7 and 64 bytes', { timeout: 600_000 }, async () => {
    const dir = corpusDir(corpus);
    const version = corpusVersion(dir);
    const files = sessionFiles(join(dir, 'fixtures'));
    expect(files.length).toBeGreaterThan(250);
    const problems: string[] = [];
    for (const file of files) {
      const bytes = new Uint8Array(readFileSync(file));
      const w = wholeLoad(bytes, version);
      for (const size of [1, 7, 64]) problems.push(...loadDiff(await streamed(bytes, version, size), w).map((d) => `${file} (chunks ${size}): ${d}`));
    }
    expect(problems.slice(0, 20)).toEqual([]);
  });
});

describe('streamed load = whole file, generated files', () => {
  it('any file, any version, chunks of 1 to 16 bytes', async () => {
    await fc.assert(
      fc.asyncProperty(sessionFile, fc.constantFrom(...NANOBOT_VERSIONS), fc.integer({ min: 1, max: 16 }), async (bytes, version, size) => {
        expect(loadDiff(await streamed(bytes, version, size), wholeLoad(bytes, version))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
