/**
 * A streamed `format` (a first pass noting each message's line, `emitDumpedLines` writing them on a
 * second) gives exactly `formatSession` of the whole-file load, on every session file of the three
 * golden corpora and on a generated file, fed in chunks of 1, 7 and 64 bytes; the recovered lens's
 * lines come out as its own messages' dumps.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticFile, syntheticMessages } from '../../bench/synthetic';
import { parseDocument } from '../../src/core/lens/document';
import { emitDumpedLines, nanobotValue, recoveredValue } from '../../src/core/lens/dumped-lines';
import { formatHead, formatSession } from '../../src/core/edit/format';
import { loadNanobot, type LineCache } from '../../src/core/lens/load';
import { addMessageLine, messageLineSink, newMessageLines } from '../../src/core/lens/message-lines';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { pyDumps } from '../../src/core/python/pyjson';
import { recoveredSession } from '../../src/core/lens/recovered';
import { storedKey } from '../../src/core/nanobot/stored-key';
import { streamedLoadInto } from '../../src/core/lens/streamed-load';
import { corpusDir } from '../golden-values';
import { corpusVersion } from '../golden/runner';
import { sessionFiles } from '../corpora';

const NOW = '2031-07-08T09:10:11.121314';
const FALLBACK = 'fallback:key';
const decoder = new TextDecoder();

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

/** The streamed format's text, or null where the CLI answers from the whole file (nothing loaded, a lone surrogate). */
async function streamedFormat(bytes: Uint8Array, size: number, version: NanobotVersion): Promise<string | null> {
  const load = await streamedLoadInto(chunksOf(bytes, size), { now: NOW, version, fallbackKey: FALLBACK }, messageLineSink);
  const s = load.result;
  if (!s || s.lensLines.surrogates) return null;
  let out = formatHead(s);
  await emitDumpedLines(chunksOf(bytes, size)(), s.lensLines, nanobotValue, (piece) => {
    out += (typeof piece === 'string' ? piece : decoder.decode(piece)) + '\n';
  });
  return out;
}

function wholeFormat(bytes: Uint8Array, version: NanobotVersion): string | null {
  const cache: LineCache = { results: [] };
  const key = storedKey(bytes, FALLBACK, cache);
  const s = loadNanobot(bytes, key, NOW, version, cache).result;
  return s ? formatSession(s) : null;
}

describe('emitDumpedLines', () => {
  it.each(['golden', 'golden-v0.3', 'golden-main'])('a streamed format of every session file of %s is the whole-file format', { timeout: 600_000 }, async (corpus) => {
    const dir = corpusDir(corpus);
    const version = corpusVersion(dir);
    const problems: string[] = [];
    let streamed = 0;
    for (const file of sessionFiles(join(dir, 'fixtures'))) {
      const bytes = new Uint8Array(readFileSync(file));
      const whole = wholeFormat(bytes, version);
      for (const size of [1, 7, 64]) {
        const s = await streamedFormat(bytes, size, version);
        if (s === null) continue;
        streamed++;
        if (s !== whole) problems.push(`${file} (chunks ${size})`);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(streamed).toBeGreaterThan(600);
  });

  it('copies the lines nanobot wrote and dumps again only the others', async () => {
    const text = syntheticFile(syntheticMessages(300, 3, 6), 40).replace(/"role": "user"/, '"role":"user"');
    const bytes = new TextEncoder().encode(text);
    const load = await streamedLoadInto(chunksOf(bytes, 64), { now: NOW, version: 'v0.3.0', fallbackKey: FALLBACK }, messageLineSink);
    const ml = load.result!.lensLines;
    expect(ml.count).toBe(300);
    expect(Array.from(ml.canonical.subarray(0, ml.count)).filter((c) => !c)).toHaveLength(1);
    expect(await streamedFormat(bytes, 64, 'v0.3.0')).toBe(wholeFormat(bytes, 'v0.3.0'));
  });

  it('notes lines unchecked where nothing is printed: the same lines, each to be dumped again, printed the same', async () => {
    const bytes = new TextEncoder().encode(syntheticFile(syntheticMessages(300, 3, 6), 40));
    const opts = { now: NOW, version: 'v0.3.0' as const, fallbackKey: FALLBACK };
    const checked = (await streamedLoadInto(chunksOf(bytes, 64), opts, messageLineSink)).result!.lensLines;
    const unchecked = (await streamedLoadInto(chunksOf(bytes, 64), opts, (textOf) => messageLineSink(textOf, false))).result!.lensLines;
    expect(unchecked.checked).toBe(false);
    expect(unchecked.count).toBe(checked.count);
    expect(unchecked.lines.subarray(0, unchecked.count)).toEqual(checked.lines.subarray(0, checked.count));
    expect(Array.from(checked.canonical.subarray(0, checked.count)).every((c) => c === 1)).toBe(true);
    expect(Array.from(unchecked.canonical.subarray(0, unchecked.count)).every((c) => c === 0)).toBe(true);
    const print = async (ml: typeof checked) => {
      const out: string[] = [];
      await emitDumpedLines(chunksOf(bytes, 64)(), ml, nanobotValue, (p) => out.push(typeof p === 'string' ? p : decoder.decode(p)));
      return out;
    };
    expect(await print(unchecked)).toEqual(await print(checked));
  });

  it('gives the recovered lens its own messages, a byte-order mark set aside', async () => {
    const text = '\ufeff{"role": "user", "content": "a"}\n{"_type": "metadata", "key": "k"}\n{"role": "assistant", "content": "b"}\n';
    const bytes = new TextEncoder().encode(text);
    const doc = parseDocument(bytes, { version: 'v0.2' });
    const rec = recoveredSession(doc, FALLBACK, NOW);
    const ml = newMessageLines();
    rec.messageRecords.forEach((i) => addMessageLine(ml, doc.records[i]!.value!, i, decoder.decode(doc.records[i]!.raw).replace(/^\ufeff/, '')));
    const out: string[] = [];
    await emitDumpedLines(chunksOf(bytes, 5)(), ml, recoveredValue, (p) => out.push(typeof p === 'string' ? p : decoder.decode(p)));
    expect(out).toEqual(rec.messages.map((m) => pyDumps(m)));
  });

  it('says when the file no longer holds the lines it noted', async () => {
    const ml = newMessageLines();
    addMessageLine(ml, { role: 'user' }, 3, '{"role": "user"}');
    await expect(emitDumpedLines(chunksOf(new TextEncoder().encode('{}\n'), 4)(), ml, nanobotValue, () => undefined)).rejects.toThrow(/changed between two reads/);
  });
});
