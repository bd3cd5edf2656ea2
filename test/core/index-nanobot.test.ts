/**
 * nanobot's load over the line index (`IndexedPass`: the strict pass reads back only the lines that
 * are not plain messages, the repair pass every line) equals `loadNanobot` on the whole file: path,
 * exceptions, skipped lines, logs, the head and every message's line, on every session file of the
 * three golden corpora and on generated files at every version.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexedPass, indexDecodes, passLines } from '../../src/core/index/index-nanobot';
import { indexBytes } from '../../src/core/index/line-index';
import { loadNanobot, loadOutcome } from '../../src/core/lens/load';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { sessionFile } from '../arbitrary-files';
import { corpusDir } from '../golden-values';
import { corpusVersion } from '../golden/runner';
import { sessionFiles } from '../corpora';

const NOW = '2026-06-01T12:00:00';
const KEY = 'cli:direct';

/** Both loads in one comparable shape; null when the file is not UTF-8 (the index path does not answer it). */
function both(bytes: Uint8Array, version: NanobotVersion, chunk?: number) {
  const ix = indexBytes(bytes, version, chunk);
  if (!indexDecodes(ix)) return null;
  const pass = (repair: boolean) => {
    const p = new IndexedPass(ix, NOW, repair, rulesOf(version));
    for (const l of passLines(ix, repair)) p.text(l, bytes.subarray(ix.start[l]!, ix.start[l]! + ix.length[l]!));
    return p.finish(KEY);
  };
  const strict = pass(false);
  const got = loadOutcome(KEY, version, null, () => strict, () => pass(true));
  const want = loadNanobot(bytes, KEY, NOW, version);
  const shape = (r: { path: string; strictError: unknown; repairError: unknown; skipped: number; logs: unknown; error: unknown }, result: object | null) => ({ path: r.path, strictError: r.strictError, repairError: r.repairError, skipped: r.skipped, logs: r.logs, error: r.error, result });
  const head = <T extends object>(s: T, lines: number[]) => ({ ...s, messages: undefined, messageLines: undefined, lines });
  return {
    got: shape(got, got.result && head(got.result, Array.from(got.result.lines))),
    want: shape(want, want.result && head(want.result, want.result.messageLines)),
  };
}

describe('IndexedPass = loadNanobot', () => {
  it.each(['golden', 'golden-v0.3', 'golden-main'])('every session file of %s', { timeout: 300_000 }, (corpus) => {
    const dir = corpusDir(corpus);
    const version = corpusVersion(dir);
    const differ: string[] = [];
    let answered = 0;
    for (const file of sessionFiles(join(dir, 'fixtures'))) {
      const r = both(new Uint8Array(readFileSync(file)), version);
      if (!r) continue;
      answered++;
      if (!isDeepStrictEqual(r.got, r.want)) differ.push(file);
    }
    expect(differ.slice(0, 10)).toEqual([]);
    expect(answered).toBeGreaterThan(20);
  });

  it('any generated file at any version, indexed in chunks of 1 to 64 bytes', () => {
    fc.assert(
      fc.property(sessionFile, fc.constantFrom(...NANOBOT_VERSIONS), fc.integer({ min: 1, max: 64 }), (bytes, version, size) => {
        const r = both(bytes, version, size);
        if (r) expect(r.got).toEqual(r.want);
      }),
      { numRuns: 400 },
    );
  });
});
