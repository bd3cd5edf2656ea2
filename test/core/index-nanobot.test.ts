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
import { indexLoadOfBytes, loadOnIndex } from './index-cut';
import { indexBytes } from '../index-bytes';
import { loadNanobot } from '../../src/core/lens/load';
import { NANOBOT_VERSIONS, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { sessionFile } from '../arbitrary-files';
import { corpusDir } from '../golden-values';
import { corpusVersion } from '../golden/runner';
import { sessionFiles } from '../corpora';

const NOW = '2026-06-01T12:00:00';
const KEY = 'cli:direct';

/** Both loads in one comparable shape (a file that is not UTF-8: the index reads only bytes near its first fault, as the CLI does). */
function both(bytes: Uint8Array, version: NanobotVersion, chunk?: number) {
  const got = loadOnIndex(bytes, indexBytes(bytes, version, chunk), version, KEY, NOW);
  const want = loadNanobot(bytes, KEY, NOW, version);
  const shape = (r: { path: string; strictError: unknown; repairError: unknown; skipped: number; logs: unknown; error: unknown; startsEmpty?: unknown }, result: object | null) => ({ path: r.path, strictError: r.strictError, repairError: r.repairError, skipped: r.skipped, logs: r.logs, error: r.error, startsEmpty: r.startsEmpty, result });
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
      answered++;
      if (!isDeepStrictEqual(r.got, r.want)) differ.push(file);
    }
    expect(differ.slice(0, 10)).toEqual([]);
    expect(answered).toBeGreaterThan(20);
  });

  it.each(['0.1.4', '0.1.5', '0.1.5.post1'] as const)("every session file of golden at %s (no repair pass: a failed load starts empty; updated_at read from 0.1.5.post1)", { timeout: 300_000 }, async (version) => {
    const differ: string[] = [];
    let empty = 0;
    for (const file of sessionFiles(join(corpusDir('golden'), 'fixtures'))) {
      const bytes = new Uint8Array(readFileSync(file));
      const r = both(bytes, version);
      if (!isDeepStrictEqual(r.got, r.want)) differ.push(file);
      if (r.want.startsEmpty) empty++;
      // the one load over the index, as large-file mode's views hold it, says the same
      const view = await indexLoadOfBytes(bytes, indexBytes(bytes, version), version, KEY, NOW);
      if (view.path !== r.want.path || view.loaded !== (r.want.result !== null) || view.startsEmpty !== r.want.startsEmpty) differ.push(`${file} (summary)`);
    }
    expect(differ.slice(0, 10)).toEqual([]);
    expect(empty).toBeGreaterThan(20);
  });

  it('any generated file at any version, indexed in chunks of 1 to 64 bytes', () => {
    fc.assert(
      fc.property(sessionFile, fc.constantFrom(...NANOBOT_VERSIONS), fc.integer({ min: 1, max: 64 }), (bytes, version, size) => {
        const r = both(bytes, version, size);
        expect(r.got).toEqual(r.want);
      }),
      { numRuns: 400 },
    );
  });

  it('a file that is not UTF-8: the lines Python yields before its 8 KiB chunk with the fault, and its error text, wherever the fault and line ends fall', () => {
    const line = (i: number, pad: number) => `{"role": "user", "content": "${'é'.repeat(i % 3)}${'x'.repeat(pad)}"}`;
    const faults = [[0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf0, 0x9f, 0x98]];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 90 }), fc.integer({ min: 8150, max: 8200 }), fc.constantFrom(...faults), fc.constantFrom('\n', '\r', '\r\n'), fc.constantFrom(...NANOBOT_VERSIONS), fc.boolean(), (pad, at, fault, eol, version, corrupt) => {
        let text = '';
        for (let i = 0; text.length < 17_000; i++) text += (corrupt && i === 5 ? '{bad' : line(i, pad)) + eol;
        const enc = new TextEncoder().encode(text);
        const bytes = new Uint8Array(enc.length + fault.length);
        bytes.set(enc.subarray(0, at));
        bytes.set(fault, at);
        bytes.set(enc.subarray(at), at + fault.length);
        for (const b of [bytes, bytes.subarray(0, at + fault.length)]) {
          const r = both(b, version, 4096);
          expect(r.got).toEqual(r.want);
        }
      }),
      { numRuns: 300 },
    );
  });
});
