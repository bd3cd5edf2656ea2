/**
 * The File tab's reading of lines through either source: the same line index (places, kinds,
 * terminators, problems), the same first bytes of the lines asked for, and the same problems counted,
 * whether the file is held whole or read on its index; a count larger than a slice yields between slices.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LINE_PROBLEM, lineProblems } from '../../../src/core/index/index-health';
import { createMemoryAdapter } from '../../../src/store/adapter/memory-adapter';
import { indexBytes } from '../../index-bytes';
import { countHealth, HEALTH_SLICE } from '../../../src/store/source/line-reads';
import { LINE_INDEX, openSource } from '../../../src/store/source/open-source';

const NAME = 'sessions/k_a.jsonl';
const NOW = '2031-07-08T09:10:11.121314';
const defaults = { ...LINE_INDEX };
afterEach(() => Object.assign(LINE_INDEX, defaults));

const enc = (s: string) => new TextEncoder().encode(s);
const META = '{"_type": "metadata", "key": "k:a", "created_at": "2026-01-01T00:00:00", "updated_at": "2026-01-01T00:00:00", "metadata": {}, "last_consolidated": 0}';
/** A metadata line, a CRLF, a line not JSON, a BOM, a blank line, a byte not UTF-8, a long line, no final newline. */
const FILE = new Uint8Array([
  ...enc(`${META}\n{"role": "user", "content": "one"}\r\n{cut\n\ufeff{"role": "user", "content": "bom"}\n\n`),
  ...enc('{"role": "user", "content": "caf'), 0xff, ...enc('"}\n'),
  ...enc(`{"role": "assistant", "content": "${'x'.repeat(5000)}"}\n{"role": "user", "content": "last"}`),
]);

async function source(from: number) {
  const adapter = createMemoryAdapter();
  adapter.setFile(NAME, FILE, 1_800_000_000_000);
  LINE_INDEX.from = from;
  return openSource(adapter, NAME, { now: NOW, version: 'main' });
}

describe('lines through either source', () => {
  it('the same index, heads and counted problems whole and on the index', async () => {
    const whole = await source(Infinity);
    const indexed = await source(0);
    expect([whole.stat.kind, indexed.stat.kind]).toEqual(['document', 'index']);
    const [a, b] = [await whole.lineIndex(), await indexed.lineIndex()];
    expect(a.count).toBe(8);
    for (const k of ['start', 'length', 'eol', 'kind', 'role', 'flags'] as const) expect(Array.from(a[k]), k).toEqual(Array.from(b[k]));
    expect(lineProblems(a, 2) & LINE_PROBLEM.badJson).toBeTruthy();
    expect(lineProblems(a, 5) & LINE_PROBLEM.invalidUtf8).toBeTruthy();
    const lines = [0, 2, 5, 6, 7];
    const [ha, hb] = [await whole.lineHeads(lines, 40), await indexed.lineHeads(lines, 40)];
    expect(ha.map((h) => Array.from(h))).toEqual(hb.map((h) => Array.from(h)));
    expect(new TextDecoder().decode(ha[1])).toBe('{cut');
    expect(ha[3]!.length).toBe(40);
    expect(new TextDecoder().decode(ha[4])).toBe('{"role": "user", "content": "last"}');
    const [ca, cb] = [await whole.lineHealth(), await indexed.lineHealth()];
    expect(ca).toEqual(cb);
    expect(ca.lines).toMatchObject({ badJson: 1, bom: 1, blank: 1, crlf: 1, invalidUtf8: 1 });
  });

  it('a held document of several MiB, with a line longer than a chunk, is indexed as its bytes are', async () => {
    const rows = [META];
    for (let i = 0; i < 3000; i++) rows.push(JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: `m${i} ${'y'.repeat(i % 700)}` }));
    rows.splice(1500, 0, JSON.stringify({ role: 'user', content: 'z'.repeat(1_500_000) }), '{cut');
    const bytes = enc(rows.join('\r\n') + '\n');
    expect(bytes.length).toBeGreaterThan(2 << 20);
    const adapter = createMemoryAdapter();
    adapter.setFile(NAME, bytes, 1_800_000_000_000);
    LINE_INDEX.from = Infinity;
    const whole = await openSource(adapter, NAME, { now: NOW, version: 'main' });
    expect(whole.stat.kind).toBe('document');
    const [a, b] = [await whole.lineIndex(), indexBytes(bytes, 'main')];
    expect(a.count).toBe(rows.length);
    for (const k of ['start', 'length', 'eol', 'kind', 'role', 'flags'] as const) expect(Array.from(a[k]), k).toEqual(Array.from(b[k]));
  });

  it('counts a large index in slices, telling each slice, and once per index', async () => {
    const rows = Array.from({ length: HEALTH_SLICE + 10 }, () => '{"role": "user", "content": "a"}\r');
    const ix = indexBytes(enc(rows.join('\n') + '\n'), 'main');
    const told: number[] = [];
    const h = await countHealth(ix, (n) => told.push(n));
    expect(told).toEqual([HEALTH_SLICE]);
    expect(h.lines.crlf).toBe(HEALTH_SLICE + 10);
    expect(h.lines.cr).toBe(0);
    expect(await countHealth(ix)).toBe(h);
  });
});
