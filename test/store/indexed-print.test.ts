/**
 * Printing a big file's messages from its line index (`format`, `load --json`): `eachLineInOrder`
 * cuts the lines asked for from one sequential read, whatever the chunks' sizes, and `eachDumped`
 * gives each message's json.dumps text (the line's own bytes where FLAG.dumps says they are it),
 * equal to the whole file's lenses dumped message by message, a byte-order mark and padding set
 * aside for the recovered lens; a file that lost lines since it was indexed is a 'conflict'.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticFile, syntheticMessages } from '../../bench/synthetic';
import { indexBytes } from '../index-bytes';
import { FLAG } from '../../src/core/index/fact-codes';
import { loadNanobot } from '../../src/core/lens/load';
import { parseDocument } from '../../src/core/lens/document';
import { rulesOf } from '../../src/core/nanobot/nanobot-version';
import { pyDumps, pyLoads } from '../../src/core/python/pyjson';
import type { StorageAdapter } from '../../src/store/adapter/adapter';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { eachDumped, eachLineInOrder } from '../../src/store/source/line-reads';
import { normalised } from '../../src/store/source/source-adapter';
import { corpusDir } from '../golden-values';
import { corpusVersion } from '../golden/runner';
import { sessionFiles } from '../corpora';

const NAME = 's.jsonl';
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** An adapter whose reads come in chunks of `size` bytes through one reused buffer. */
function chunked(bytes: Uint8Array, size: number): StorageAdapter {
  const a = createMemoryAdapter();
  a.setFile(NAME, bytes, 1_700_000_000_000);
  a.readChunks = async function* () {
    const buf = new Uint8Array(size);
    for (let at = 0; at < bytes.length; at += size) {
      const n = Math.min(size, bytes.length - at);
      buf.set(bytes.subarray(at, at + n));
      yield buf.subarray(0, n);
      buf.fill(0x7b);
    }
  };
  return a;
}

/** The printer's index of a file (v0.2's facts, with FLAG.dumps), made once for all of its chunk sizes and lenses. */
const printIndex = new WeakMap<Uint8Array, ReturnType<typeof indexBytes>>();

async function dumped(a: StorageAdapter, bytes: Uint8Array, lines: ArrayLike<number>, recovered: boolean): Promise<string[]> {
  let ix = printIndex.get(bytes);
  if (!ix) printIndex.set(bytes, (ix = indexBytes(bytes, 'v0.2', undefined, true)));
  const out: string[] = [];
  await eachDumped(normalised(a), NAME, ix, lines, recovered, rulesOf('v0.2').depthBudget.jsonLoads, (p, k) => {
    if (k !== out.length) expect(k).toBe(out.length);
    out.push(typeof p === 'string' ? p : decoder.decode(p));
  });
  return out;
}

describe('printing messages from the line index', () => {
  it.each(['golden', 'golden-v0.3', 'golden-main'])('every session file of %s, in chunks of 7 and 4096 bytes: both lenses dumped as the whole file', { timeout: 300_000 }, async (corpus) => {
    const dir = corpusDir(corpus);
    const version = corpusVersion(dir);
    const differ: string[] = [];
    let copied = 0;
    for (const file of sessionFiles(join(dir, 'fixtures'))) {
      const bytes = new Uint8Array(readFileSync(file));
      const ix = indexBytes(bytes, version, undefined, true);
      const n = loadNanobot(bytes, 'k', '2031-01-01T00:00:00', version);
      const doc = parseDocument(bytes, { version });
      const recovered = doc.records.filter((r) => r.kind === 'message').map((r) => pyDumps(r.value!));
      for (const size of [7, 4096]) {
        const a = chunked(bytes, size);
        if (n.result && n.result.messages.length) {
          const got = await dumped(a, bytes, n.result.messageLines, false);
          if (JSON.stringify(got) !== JSON.stringify(n.result.messages.map((m) => pyDumps(m)))) differ.push(`${file} nanobot ${size}`);
        }
        const got = await dumped(a, bytes, ix.messages.subarray(0, ix.messageCount), true);
        if (JSON.stringify(got) !== JSON.stringify(recovered)) differ.push(`${file} recovered ${size}`);
      }
      // The fact itself, line by line: set exactly where json.dumps of the line's value is the line.
      for (let i = 0; i < ix.messageCount; i++) {
        const l = ix.messages[i]!;
        const text = decoder.decode(bytes.subarray(ix.start[l]!, ix.start[l]! + ix.length[l]!));
        const r = pyLoads(text);
        const want = r.ok && pyDumps(r.value) === text;
        if (((ix.flags[l]! & FLAG.dumps) !== 0) !== want) differ.push(`${file} line ${l}: the dumps fact`);
        if (want) copied++;
      }
    }
    expect(differ.slice(0, 10)).toEqual([]);
    expect(copied).toBeGreaterThan(100);
  });

  it('lines padded, with a byte-order mark, escaped otherwise than json.dumps, or cut by any chunk end', async () => {
    const text = [
      '{"_type": "metadata", "key": "k"}',
      '\ufeff{"role": "user", "content": "bom"}',
      '  {"role": "user", "content": "padded"}\t',
      '{"role":"user","content":"tight \\u0041 \\/"}',
      '{"role": "user", "content": "nanobot\'s own é 😀", "n": 1.5}',
      '{"role": "user", "a": 1, "a": 2}',
    ].join('\r\n');
    const bytes = new TextEncoder().encode(syntheticFile(syntheticMessages(40, 3, 6)) + text + '\n');
    const doc = parseDocument(bytes, { version: 'v0.2' });
    const want = doc.records.filter((r) => r.kind === 'message').map((r) => pyDumps(r.value!));
    const ix = indexBytes(bytes, 'v0.2');
    for (const size of [1, 2, 3, 5, 64, 1 << 20]) expect(await dumped(chunked(bytes, size), bytes, ix.messages.subarray(0, ix.messageCount), true), `chunks of ${size}`).toEqual(want);
  });

  it('a file that lost lines since it was indexed is a conflict, not a short answer', async () => {
    const bytes = new TextEncoder().encode(syntheticFile(syntheticMessages(50, 3, 6)));
    const ix = indexBytes(bytes, 'v0.2');
    const shorter = bytes.subarray(0, bytes.length >> 1);
    const a = chunked(shorter, 64);
    await expect(eachLineInOrder(normalised(a), NAME, ix, ix.messages.subarray(0, ix.messageCount), () => undefined)).rejects.toMatchObject({ code: 'conflict' });
  });
});
