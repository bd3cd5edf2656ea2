/**
 * The streamed path (`streamedLoad` + `replayHeld`) gives exactly the whole-file path's answers
 * (`storedKey` + `loadNanobot` + `getHistory`, which the golden tests hold to nanobot's own), on every
 * session file of the three golden corpora and on generated files, fed in chunks of 1, 7 and 64 bytes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadNanobot, type LineCache } from '../../src/core/lens/load';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { pyDumps } from '../../src/core/python/pyjson';
import type { PyDict } from '../../src/core/python/pyvalue';
import { getHistory, heldFate, replayHeld, type ReplayOptions } from '../../src/core/replay/replay';
import { storedKey } from '../../src/core/nanobot/stored-key';
import { streamedLoad, type StreamedLoad } from '../../src/core/lens/streamed-load';
import { estimateMessageTokens } from '../../src/core/tokens/tokens';
import { loadTokenizer } from '../../src/core/tokens/tokenizer';
import { syntheticFile, syntheticMessages } from '../../bench/synthetic';
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

/** What differs between the streamed and the whole-file load (empty when nothing does). */
function loadDiff(s: StreamedLoad, w: ReturnType<typeof wholeLoad>): string[] {
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
  same('count', a.count, b.messages.length);
  same('messageLines', [...a.messageLines], b.messageLines);
  same('roles', b.messages.map((_, i) => a.roleOf(i)), b.messages.map((m) => (typeof m.role === 'string' ? m.role : '?')));
  same('tail', a.tail, b.messages.slice(a.tailStart));
  same('tailStart', a.tailStart, Math.max(0, b.messages.length - a.tail.length));
  return out;
}

type Counter = (m: PyDict) => number;

/** Replays both ways; a difference as text, or 'whole' when the held tail is not enough (the caller falls back). */
function replayDiff(s: NonNullable<StreamedLoad['result']>, messages: PyDict[], opts: ReplayOptions, version: NanobotVersion, count?: Counter): string | 'whole' | null {
  const w = getHistory(messages, s.lastConsolidated, opts, version, count);
  const r = replayHeld(s, s.lastConsolidated, opts, version, count);
  if (!r) return s.tailStart > 0 ? 'whole' : 'replayHeld gave up with every message held';
  const fates = messages.map((_, i) => heldFate(r, i));
  for (const [what, a, b] of [
    ['entries', r.entries, w.entries],
    ['sources', r.sources, w.sources],
    ['tokens', r.tokens, w.tokens],
    ['error', r.error, w.error],
    ['fates', fates, w.fates],
  ] as const) {
    if (!isDeepStrictEqual(a, b)) return `${JSON.stringify(opts)}: ${what} differ`;
  }
  return null;
}

const OPTION_GRID: ReplayOptions[] = [];
for (const maxMessages of [undefined, -1, 0, 1, 2, 3, 5, 8, 120])
  for (const maxTokens of [0, 50, 1000])
    for (const extendToUser of [false, true])
      for (const pub of [false, true]) OPTION_GRID.push({ maxMessages, maxTokens, extendToUser, includeTimestamps: !pub, includeRuntimeContext: !pub });

let counter: ((v: NanobotVersion) => Counter) | null = null;
async function counterFor(version: NanobotVersion): Promise<Counter> {
  if (!counter) {
    const count = await loadTokenizer();
    counter = (v) => (m) => estimateMessageTokens(m, count, v);
  }
  return counter(version);
}

describe.each(['golden', 'golden-v0.3', 'golden-main'])('streamed load and replay = whole file, corpus %s', (corpus) => {
  it('on every session file, in chunks of 1, 7 and 64 bytes, holding 3 or 130 messages', { timeout: 600_000 }, async () => {
    const dir = corpusDir(corpus);
    const version = corpusVersion(dir);
    const count = await counterFor(version);
    const files = sessionFiles(join(dir, 'fixtures'));
    expect(files.length).toBeGreaterThan(250);
    const problems: string[] = [];
    let replays = 0;
    let partial = 0;
    let whole = 0;
    for (const file of files) {
      const bytes = new Uint8Array(readFileSync(file));
      const w = wholeLoad(bytes, version);
      for (const [size, hold] of [[1, 3], [7, 130], [64, 3], [64, 130]] as const) {
        const s = await streamedLoad(chunksOf(bytes, size), { now: NOW, version, fallbackKey: FALLBACK, hold });
        problems.push(...loadDiff(s, w).map((d) => `${file} (chunks ${size}, hold ${hold}): ${d}`));
        if (size === 1 || !s.result || !w.load.result) continue;
        for (const opts of OPTION_GRID) {
          const d = replayDiff(s.result, w.load.result.messages, opts, version, opts.maxTokens ? count : undefined);
          replays++;
          if (d === 'whole') whole++;
          else if (d) problems.push(`${file} (hold ${hold}): ${d}`);
          else if (s.result.tailStart > 0) partial++;
        }
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    // Not vacuous: many replays came from a tail alone, and some needed the whole session.
    expect(partial).toBeGreaterThan(replays / 50);
    console.log(`${corpus}: ${files.length} files, ${replays} replays, ${partial} from a partial tail, ${whole} fell back to the whole file`);
  });
});

describe('streamed load and replay = whole file, generated files', () => {
  it('any file, any version, chunks of 1 to 16 bytes, holding 1 to 6 messages', async () => {
    await fc.assert(
      fc.asyncProperty(sessionFile, fc.constantFrom(...NANOBOT_VERSIONS), fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 6 }), async (bytes, version, size, hold) => {
        const w = wholeLoad(bytes, version);
        const s = await streamedLoad(chunksOf(bytes, size), { now: NOW, version, fallbackKey: FALLBACK, hold });
        expect(loadDiff(s, w)).toEqual([]);
        if (!s.result || !w.load.result) return;
        for (const opts of OPTION_GRID.slice(0, 36)) {
          const d = replayDiff(s.result, w.load.result.messages, { ...opts, maxTokens: 0 }, version);
          if (d !== 'whole') expect(d).toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });

  it("3,000 realistic messages: the agent loop's replay at each version from a tail of window + 256", async () => {
    const messages = syntheticMessages(3000, 5, 8);
    for (const lc of [0, 2990, 1500]) {
      const bytes = new TextEncoder().encode(syntheticFile(messages, lc));
      for (const version of NANOBOT_VERSIONS) {
        const count = await counterFor(version);
        const w = wholeLoad(bytes, version);
        for (const [maxMessages, maxTokens] of [[undefined, 0], [120, 5000], [2000, 0], [50, 0]] as const) {
          const window = maxMessages ?? rulesOf(version).defaultMaxMessages;
          if (window <= 0 && version === 'main') continue;
          const s = await streamedLoad(chunksOf(bytes, 4096), { now: NOW, version, fallbackKey: FALLBACK, hold: window + 256 });
          expect(loadDiff(s, w)).toEqual([]);
          const d = replayDiff(s.result!, w.load.result!.messages, { maxMessages, maxTokens, extendToUser: true }, version, maxTokens ? count : undefined);
          // A window of the default size always replays from the tail; only main's archived tail may look further.
          expect(d, `${version} lc ${lc} max ${maxMessages} tokens ${maxTokens}`).toBeNull();
        }
      }
    }
  });
});
