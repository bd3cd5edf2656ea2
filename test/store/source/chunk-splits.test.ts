/**
 * The line-index source reached as real reads reach it (issue 41): chunks of the sizes real reads
 * use (64 KiB, the Node adapter's own through a real file, and 1 MiB, a browser stream's), with a
 * chunk boundary at every position of a `\r\n`, of a multi-byte character and of a record's edges.
 * The index built from those chunks (the byte pass and the parsing pass) is the index of the whole
 * bytes, and every answer of the index source is the document source's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type LineIndex } from '../../../src/core/index/line-index';
import { indexBytes } from '../../index-bytes';
import { NANOBOT_VERSIONS, type NanobotVersion } from '../../../src/core/nanobot/nanobot-version';
import { pyDumps } from '../../../src/core/python/pyjson';
import type { PyDict } from '../../../src/core/python/pyvalue';
import type { StorageAdapter } from '../../../src/store/adapter/adapter';
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { createNodeAdapter } from '../../../src/store/adapter/node-adapter';
import { indexParsed, indexStreamed } from '../../../src/store/source/index-pass';
import { LINE_INDEX, openSource } from '../../../src/store/source/open-source';
import type { SessionSource } from '../../../src/store/source/session-source';
import { normalised } from '../../../src/store/source/source-adapter';

const NAME = 'a_b.jsonl';
const NOW = '2031-07-08T09:10:11.121314';
const enc = new TextEncoder();
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));
const dir = mkdtempSync(join(tmpdir(), 'lens-splits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A memory adapter whose reads come in chunks of `size` through one reused buffer, scribbled on after each. */
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

/** The Node adapter over a real file holding `bytes` (its own chunk size). */
function onDisk(bytes: Uint8Array): StorageAdapter {
  writeFileSync(join(dir, NAME), bytes);
  return createNodeAdapter(dir);
}

/** The Node adapter's chunk: a boundary is placed at its multiples when reading through it. */
const NODE_CHUNK = 256 << 10;
const READS: [string, number, (b: Uint8Array) => StorageAdapter][] = [
  ['64 KiB', 64 << 10, (b) => chunked(b, 64 << 10)],
  ["the Node adapter's", NODE_CHUNK, onDisk],
  ['1 MiB', 1 << 20, (b) => chunked(b, 1 << 20)],
];

const META = pyDumps({ _type: 'metadata', key: 'a:b', created_at: '2026-01-01T00:00:00', updated_at: '2026-01-01T00:00:00', metadata: { title: 'splits' }, last_consolidated: 0 }) + '\n';
const line = (m: PyDict) => pyDumps(m);

/**
 * The hard parts a boundary falls in: text before, the hard bytes (a boundary is placed before each
 * of them and after the last), text after.
 */
const PARTS: [string, string, string, string][] = [
  ['a \\r\\n', line({ role: 'user', content: 'before crlf' }), '\r\n', ''],
  ['a lone \\r', line({ role: 'user', content: 'before cr' }), '\r{', '"role": "user", "content": "after cr"}\n'],
  ['multi-byte characters', '{"role": "assistant", "content": "', 'é€😀', '"}\n'],
  ['the edge of two records', '{"role": "user", "content": "x"', '}\n{', '"role": "assistant", "content": "y"}\n'],
  ['a corrupt line', '{"role": "user", "content": "', 'cut\n{', '"role": "user", "content": "after"}\n'],
];

/** A file where the boundary at `chunk` falls before byte `o` of the hard bytes (`o` = their length: just after them). */
function fileWith(before: string, hard: string, after: string, o: number, chunk: number): Uint8Array {
  const head = enc.encode(META);
  const fillerOpen = enc.encode('{"role": "user", "content": "');
  const fillerClose = enc.encode('"}\n');
  const pre = enc.encode(before);
  const hardBytes = enc.encode(hard);
  const pad = chunk - o - head.length - fillerOpen.length - fillerClose.length - pre.length;
  const tail = enc.encode(`${after}${line({ role: 'assistant', content: 'after' })}\n${line({ role: 'user', content: 'last' })}\n`);
  const parts = [head, fillerOpen, enc.encode('f'.repeat(pad)), fillerClose, pre, hardBytes, tail];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  expect(out.subarray(chunk - o, chunk - o + hardBytes.length)).toEqual(hardBytes);
  return out;
}

const ARRAYS = ['start', 'length', 'eol', 'kind', 'role', 'flags'] as const;
function same(a: LineIndex, b: LineIndex): void {
  expect([a.count, a.size, a.messageCount]).toEqual([b.count, b.size, b.messageCount]);
  for (const k of ARRAYS) expect(Array.from(a[k]), k).toEqual(Array.from(b[k]));
  expect(Array.from(a.messages.subarray(0, a.messageCount))).toEqual(Array.from(b.messages.subarray(0, b.messageCount)));
}

/** Every answer a read-only command asks of a source, as plain data. */
async function answers(s: SessionSource): Promise<unknown> {
  const dumped = async (lens: 'nanobot' | 'recovered') => {
    const out: string[] = [];
    await s.dumped(lens, (p) => out.push(typeof p === 'string' ? p : new TextDecoder().decode(p)));
    return out;
  };
  const replay = await s.replay({ maxMessages: 500 }, { count: (e) => pyDumps(e).length });
  const r = replay.replay;
  const health = await s.health();
  return {
    load: await s.load(),
    tokens: await s.tokens((m) => pyDumps(m).length),
    nanobot: await dumped('nanobot'),
    recovered: await dumped('recovered'),
    messages: await s.messages('recovered', 0, 1000),
    // each line's exact bytes as hex: a byte array of the 1 MiB line, joined, cost seconds a position
    lines: (await s.lines(0, 1000)).map((l) => Buffer.from(l.buffer, l.byteOffset, l.byteLength).toString('hex')),
    meta: await s.meta(),
    health: { ...health, diagnostics: health.diagnostics.map((d) => ({ ...d })) },
    replay: r && { entries: r.entries, tokens: r.tokens, error: r.error, fates: Array.from({ length: r.count }, (_, i) => [r.lineOf(i), r.roleOf(i), r.fate(i)]) },
  };
}

describe.each(READS)('chunks of %s', (_name, chunk, adapterFor) => {
  it.each(PARTS)('a boundary at every position of %s: the same index and the same answers as the whole bytes', { timeout: 120_000 }, async (_part, before, hard, after) => {
    const positions = enc.encode(hard).length;
    for (let o = 0; o <= positions; o++) {
      const bytes = fileWith(before, hard, after, o, chunk);
      const version: NanobotVersion = NANOBOT_VERSIONS[o % NANOBOT_VERSIONS.length]!;
      const a = normalised(adapterFor(bytes));
      const whole = indexBytes(bytes, version, bytes.length + 1);
      same((await indexStreamed(a, NAME, version, true)).index, whole);
      same((await indexStreamed(a, NAME, version, false, true)).index, indexBytes(bytes, version, bytes.length + 1, true));
      same((await indexParsed(a, NAME, version, () => ({ line: () => undefined, held: () => null }))).built.index, whole);
      const opts = { now: NOW, version };
      LINE_INDEX.from = 0;
      const indexed = await openSource(a, NAME, opts);
      expect(indexed.stat.kind).toBe('index');
      LINE_INDEX.from = Infinity;
      const doc = await openSource(a, NAME, opts);
      expect(doc.stat.kind).toBe('document');
      expect(await answers(indexed), `${_part} at ${o}, ${version}`).toEqual(await answers(doc));
    }
  });
});
