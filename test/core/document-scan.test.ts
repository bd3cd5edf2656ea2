/**
 * `scanDiagnostics` over a file streamed in chunks gives exactly `parseDocument`'s diagnostics, on
 * every session file of the three golden corpora and on generated files, in chunks of 1, 7 and 64 bytes.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/core/lens/document';
import { scanDiagnostics } from '../../src/core/lens/document-scan';
import { NANOBOT_VERSIONS } from '../../src/core/nanobot/nanobot-version';
import { sessionFile } from '../arbitrary-files';
import { corpusDir } from '../golden-values';
import { corpusVersion } from '../golden/runner';
import { sessionFiles } from '../corpora';

async function* chunksOf(bytes: Uint8Array, size: number): AsyncIterable<Uint8Array> {
  const buf = new Uint8Array(size);
  for (let at = 0; at < bytes.length; at += size) {
    const n = Math.min(size, bytes.length - at);
    buf.set(bytes.subarray(at, at + n));
    yield buf.subarray(0, n);
    buf.fill(0x22);
  }
}

describe('scanDiagnostics = parseDocument diagnostics', () => {
  it.each(['golden', 'golden-v0.3', 'golden-main'])('every session file of %s, in chunks of 1, 7 and 64 bytes', { timeout: 300_000 }, async (corpus) => {
    const dir = corpusDir(corpus);
    const version = corpusVersion(dir);
    const differ: string[] = [];
    let findings = 0;
    for (const file of sessionFiles(join(dir, 'fixtures'))) {
      const bytes = new Uint8Array(readFileSync(file));
      const opts = { fileName: basename(file), version };
      const want = parseDocument(bytes, opts).diagnostics;
      findings += want.length;
      for (const size of [1, 7, 64]) if (!isDeepStrictEqual(await scanDiagnostics(chunksOf(bytes, size), opts), want)) differ.push(`${file} (chunks of ${size})`);
    }
    expect(differ.slice(0, 10)).toEqual([]);
    expect(findings).toBeGreaterThan(100);
  });

  it('any generated file at any version, in chunks of 1 to 16 bytes', async () => {
    await fc.assert(
      fc.asyncProperty(sessionFile, fc.constantFrom(...NANOBOT_VERSIONS), fc.integer({ min: 1, max: 16 }), async (bytes, version, size) => {
        const opts = { fileName: 'cli_direct.jsonl', version };
        expect(await scanDiagnostics(chunksOf(bytes, size), opts)).toEqual(parseDocument(bytes, opts).diagnostics);
      }),
      { numRuns: 400 },
    );
  });
});
