/**
 * The recovered lens's diagnostics from the line index (`IndexDiagnostics`, the CLI's check of a big
 * file) equal `parseDocument`'s, reading back only the lines `diagnosticLines` names: every session
 * file of the three golden corpora, lines padded with each whitespace Python strips, and generated
 * files at every version, indexed in chunks of any size.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument, type Diagnostic, type DocumentOptions } from '../../src/core/lens/document';
import { IndexDiagnostics, diagnosticLines } from '../../src/core/index/index-diagnostics';
import { indexBytes } from '../index-bytes';
import { NANOBOT_VERSIONS } from '../../src/core/nanobot/nanobot-version';
import { sessionFile } from '../arbitrary-files';
import { corpusDir } from '../golden-values';
import { corpusVersion } from '../golden/runner';
import { sessionFiles } from '../corpora';

function fromIndex(bytes: Uint8Array, opts: DocumentOptions, chunk?: number): Diagnostic[] {
  const ix = indexBytes(bytes, opts.version, chunk);
  const scan = new IndexDiagnostics(ix, opts);
  for (const l of diagnosticLines(ix)) scan.add(l, bytes.subarray(ix.start[l]!, ix.start[l]! + ix.length[l]!));
  return scan.finish();
}

const enc = new TextEncoder();

describe('IndexDiagnostics = parseDocument diagnostics', () => {
  it.each(['golden', 'golden-v0.3', 'golden-main'])('every session file of %s', { timeout: 300_000 }, (corpus) => {
    const dir = corpusDir(corpus);
    const version = corpusVersion(dir);
    const differ: string[] = [];
    let findings = 0;
    for (const file of sessionFiles(join(dir, 'fixtures'))) {
      const bytes = new Uint8Array(readFileSync(file));
      const opts = { fileName: basename(file), version };
      const want = parseDocument(bytes, opts).diagnostics;
      findings += want.length;
      if (!isDeepStrictEqual(fromIndex(bytes, opts), want)) differ.push(file);
    }
    expect(differ.slice(0, 10)).toEqual([]);
    expect(findings).toBeGreaterThan(100);
  });

  it('lines padded with any whitespace Python strips (and JSON does not), before or after the record', () => {
    const meta = '{"_type": "metadata", "key": "cli:direct", "created_at": "2026-06-01T10:00:00", "updated_at": "2026-06-01T10:00:00", "metadata": {}, "last_consolidated": 0}';
    const msg = '{"role": "user", "content": "hi"}';
    for (const ws of ['\v', '\f', '\x1c', '\x1f', ' \v\t', '\u00a0', '\u3000']) {
      for (const line of [ws + msg, msg + ws, `\t${msg}${ws} `, ws + meta]) {
        const bytes = enc.encode(`${meta}\n${line}\n${msg}\n`);
        for (const version of NANOBOT_VERSIONS) {
          const opts = { fileName: 'cli_direct.jsonl', version };
          const want = parseDocument(bytes, opts).diagnostics;
          expect(want.some((d) => d.kind === 'padded-line')).toBe(true);
          expect(fromIndex(bytes, opts)).toEqual(want);
        }
      }
    }
    // Space and tab are JSON's own whitespace: no diagnostic, and the line is not read back.
    const bytes = enc.encode(`${meta}\n \t${msg}\t \n`);
    const ix = indexBytes(bytes, 'v0.2');
    expect(diagnosticLines(ix)).toEqual([0]);
    expect(fromIndex(bytes, { version: 'v0.2' })).toEqual([]);
  });

  it('a value Python refuses, hidden behind a key given twice (JSON.parse keeps only the last)', () => {
    const deep = '{"a": '.repeat(1200) + '1' + '}'.repeat(1200);
    const long = '7'.repeat(4301);
    for (const version of NANOBOT_VERSIONS) {
      for (const hidden of [deep, long]) {
        const bytes = enc.encode(`{"role": "user", "tool_calls": {"0": ${hidden}, "0": 0.0}}\n`);
        const opts = { fileName: 'cli_direct.jsonl', version };
        const want = parseDocument(bytes, opts).diagnostics;
        expect(want.some((d) => d.kind === 'too-deep' || d.kind === 'bad-json'), version).toBe(true);
        expect(fromIndex(bytes, opts)).toEqual(want);
      }
    }
  });

  it('any generated file at any version, indexed in chunks of 1 to 64 bytes', () => {
    fc.assert(
      fc.property(sessionFile, fc.constantFrom(...NANOBOT_VERSIONS), fc.integer({ min: 1, max: 64 }), (bytes, version, size) => {
        const opts = { fileName: 'cli_direct.jsonl', version };
        expect(fromIndex(bytes, opts, size)).toEqual(parseDocument(bytes, opts).diagnostics);
      }),
      { numRuns: 400 },
    );
  });
});
