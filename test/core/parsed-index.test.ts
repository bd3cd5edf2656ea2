/**
 * The line index built by a pass that parses every line (`LineIndexer`'s `parsed`: what `tokens`
 * and `replay` build on a big file) equals the byte pass's index, in chunks of 1, 7 and 64 bytes;
 * the values it hands out, taken for the messages the load stands in for (`IndexedPass`'s sink),
 * with the values the load reads itself, are exactly `loadNanobot`'s messages; and a replay index
 * copied entry by entry (`ReplayIndexer.copy`) equals one built from the values.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexedPass, passLines, plainMessage } from '../../src/core/index/index-nanobot';
import { decodeCutOf } from './index-cut';
import { LineIndexer, type LineIndex } from '../../src/core/index/line-index';
import { indexBytes } from '../index-bytes';
import { loadNanobot, loadOutcome } from '../../src/core/lens/load';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import type { PyDict } from '../../src/core/python/pyvalue';
import { ReplayIndexer } from '../../src/core/replay/indexed-replay';
import { sessionFile } from '../arbitrary-files';
import { corpusDir } from '../golden-values';
import { corpusVersion } from '../golden/runner';
import { sessionFiles } from '../corpora';

const NOW = '2026-06-01T12:00:00';
const KEY = 'cli:direct';

/** The parsing index of `bytes` in chunks of `size` (one reused buffer, as a reader's), and the value of each plain message line. */
function parsedIndex(bytes: Uint8Array, version: NanobotVersion, size: number): { ix: LineIndex; values: Map<number, PyDict>; seen: number[] } {
  const values = new Map<number, PyDict>();
  const seen: number[] = [];
  const ixr = new LineIndexer(version, 0, false, (l, f, v) => {
    seen.push(l);
    if (v && plainMessage(f.kind, f.flags)) values.set(l, v);
  });
  const buf = new Uint8Array(size);
  for (let at = 0; at < bytes.length; at += size) {
    const n = Math.min(size, bytes.length - at);
    buf.set(bytes.subarray(at, at + n));
    ixr.push(buf.subarray(0, n));
    buf.fill(0x7b);
  }
  return { ix: ixr.finish(), values, seen };
}

const columns = (ix: LineIndex) => ({ count: ix.count, size: ix.size, start: [...ix.start], length: [...ix.length], eol: [...ix.eol], kind: [...ix.kind], role: [...ix.role], flags: [...ix.flags], messages: [...ix.messages] });

/** The load on the parsing index: each message as its pass's sink is handed it (stand-ins by their line's value). */
function loadOnParsed(bytes: Uint8Array, version: NanobotVersion, ix: LineIndex, values: Map<number, PyDict>) {
  const cut = decodeCutOf(ix, bytes);
  const end = cut ? cut.lines : ix.count;
  let messages: PyDict[] = [];
  const pass = (repair: boolean) => {
    messages = [];
    const p = new IndexedPass(ix, NOW, repair, rulesOf(version), cut, { add: (m, l, standIn) => messages.push(standIn ? values.get(l)! : m) });
    for (const l of passLines(ix, repair, end)) p.text(l, bytes.subarray(ix.start[l]!, ix.start[l]! + ix.length[l]!));
    return p.finish(KEY);
  };
  const strict = pass(false);
  const got = loadOutcome(KEY, version, null, () => strict, () => pass(true));
  return got.result && { lines: Array.from(got.result.lines), messages };
}

/** What the byte pass's index and nanobot's load say of a file: made once, for every chunk size it is read in. */
function reference(bytes: Uint8Array, version: NanobotVersion) {
  return { columns: JSON.stringify(columns(indexBytes(bytes, version))), whole: loadNanobot(bytes, KEY, NOW, version).result };
}

/** What differs on one file (empty when nothing does). */
function differences(bytes: Uint8Array, version: NanobotVersion, size: number, want = reference(bytes, version)): string[] {
  const out: string[] = [];
  const { ix, values, seen } = parsedIndex(bytes, version, size);
  if (JSON.stringify(columns(ix)) !== want.columns) out.push('index columns differ');
  if (seen.length !== ix.count || seen.some((l, i) => l !== i)) out.push('the sink did not see each line once, in order');
  const got = loadOnParsed(bytes, version, ix, values);
  const whole = want.whole;
  if ((got === null) !== (whole === null)) out.push('result null on one side');
  else if (got && whole) {
    if (JSON.stringify(got.lines) !== JSON.stringify(whole.messageLines)) out.push('message lines differ');
    // Node's strict deep equality first (stricter than toEqual, and much faster on thousands of messages).
    if (!isDeepStrictEqual(got.messages, whole.messages)) {
      try {
        expect(got.messages).toEqual(whole.messages);
      } catch {
        out.push('messages differ');
      }
    }
    // The replay index copied from one built by values equals the one built by values.
    const opts = { maxMessages: 500, includeRuntimeContext: false };
    const a = new ReplayIndexer(opts, version);
    got.messages.forEach((m, i) => a.add(m, got.lines[i]!));
    const b = new ReplayIndexer(opts, version);
    for (let k = 0; k < a.count; k++) b.copy(a, k, a.lineAt(k));
    const fa = a.finish();
    const fb = b.finish();
    const shape = (r: typeof fa) => ({
      count: r.count,
      lines: [...r.lines],
      roles: Array.from({ length: r.count }, (_, i) => r.roleOf(i)),
      flags: [...r.flags.subarray(0, r.count)],
      result: [...r.result.subarray(0, r.count)],
      calls: Array.from({ length: r.count }, (_, i) => [...r.calls.subarray(r.callStart[i]!, r.callStart[i + 1]!)]),
      raises: [...r.raises],
      special: [r.userRole, r.assistantRole, r.toolRole].map((x) => (x < 0 ? '' : r.roleOf(r.roles.indexOf(x)))),
    });
    if (JSON.stringify(shape(fa)) !== JSON.stringify(shape(fb))) out.push('copied replay index differs');
  }
  return out;
}

describe('parsing index = byte-pass index, and its values = loadNanobot', () => {
  it.each(['golden', 'golden-v0.3', 'golden-main'])('every session file of %s, chunks of 1, 7 and 64 bytes', { timeout: 300_000 }, (corpus) => {
    const dir = corpusDir(corpus);
    const version = corpusVersion(dir);
    const files = sessionFiles(join(dir, 'fixtures'));
    expect(files.length).toBeGreaterThan(250);
    const problems: string[] = [];
    for (const file of files) {
      const bytes = new Uint8Array(readFileSync(file));
      const want = reference(bytes, version);
      for (const size of [1, 7, 64]) problems.push(...differences(bytes, version, size, want).map((d) => `${file} (chunks ${size}): ${d}`));
    }
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it('generated files, any version, chunks of 1 to 16 bytes', () => {
    fc.assert(
      fc.property(sessionFile, fc.constantFrom(...NANOBOT_VERSIONS), fc.integer({ min: 1, max: 16 }), (bytes, version, size) => {
        expect(differences(bytes, version, size)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
