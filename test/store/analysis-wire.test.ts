/** The worker's wire format: an analysis that crosses structured clone comes back identical. */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/core/lens/document';
import { analyzeSession } from '../../src/core/lens/open';
import { pyDumps } from '../../src/core/python/pyjson';
import { decodeBatch, encodeBatches, encodeHead, finishSteps } from '../../src/store/analyze/analysis-wire';
import { runNow } from '../../src/store/analyze/event-loop';
import { GOLDEN_DIR } from '../golden-values';

const NOW = '2031-07-08T09:10:11.121314';

describe('analysis wire format', () => {
  it('round-trips every golden fixture through structured clone, Python values included', () => {
    const dir = resolve(GOLDEN_DIR, 'fixtures');
    const names = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
    expect(names.length).toBeGreaterThan(300);
    for (const name of names) {
      const bytes = new Uint8Array(readFileSync(resolve(dir, name)));
      const opts = { fileName: name, fallbackKey: 'fx:x', now: NOW, version: 'v0.2' as const };
      const direct = analyzeSession(bytes, opts);
      const head = encodeHead(direct);
      const batches = encodeBatches(direct, bytes, 200);
      const records: FileRecord[] = new Array(head.count);
      const copy = bytes.slice();
      for (const b of structuredClone(batches)) decodeBatch(b, copy, records);
      const back = runNow(finishSteps(structuredClone(head), records, 'fx:x', NOW));
      expect(back.doc.records.map((r) => [r.kind, r.eol, [...r.raw].join(), r.value && pyDumps(r.value)]), name).toEqual(direct.doc.records.map((r) => [r.kind, r.eol, [...r.raw].join(), r.value && pyDumps(r.value)]));
      const view = (n: typeof direct.nanobot) => n.result && pyDumps({ m: n.result.messages, meta: n.result.metadata, lc: n.result.lastConsolidated, c: n.result.createdAt });
      expect(view(back.nanobot), name).toEqual(view(direct.nanobot));
      expect(back.nanobot.path).toBe(direct.nanobot.path);
      expect(back.doc.diagnostics).toEqual(direct.doc.diagnostics);
    }
  });
});

describe('values found from their lines', () => {
  const NOW2 = '2031-07-08T09:10:11.121314';
  const meta = '{"_type": "metadata", "key": "w:x", "created_at": "2026-01-01T00:00:00", "updated_at": "2026-01-01T00:00:00", "metadata": {}, "last_consolidated": 0}';
  const lines = [
    meta,
    '{"role": "user", "content": "half \\ud800 pair é 😀", "__proto__": {"polluted": true}, "z": 1, "a": 2}',
    '\ufeff{"role": "user", "content": "after a BOM"}',
    '\f{"role": "user", "content": "padded with a form feed"}\f',
    '{"role": "assistant", "content": "x", "score": 1.0}',
    '{"role": "user", "content": -0}',
    'not json at all ü',
    '',
    '{"role": "user", "content": "' + 'long text '.repeat(50) + '"}',
  ];
  const text = lines.map((l, i) => l + ['\n', '\r\n', '\r'][i % 3]).join('');

  for (const [batchBytes, lead] of [[1, ''], [64, ''], [1 << 20, ''], [1 << 20, '\ufeff']] as const) {
    it(`gives the worker's values and lines back, batches of ${batchBytes} bytes${lead ? ', the file starting with a BOM' : ''}`, () => {
      const bytes = new Uint8Array([...new TextEncoder().encode(lead + text), 0xff, 0x0a]);
      const direct = analyzeSession(bytes, { fileName: 'w_x.jsonl', fallbackKey: 'w:x', now: NOW2, version: 'v0.2' });
      const head = encodeHead(direct);
      const batches = encodeBatches(direct, bytes, batchBytes);
      const records: FileRecord[] = new Array(head.count);
      for (const b of structuredClone(batches)) decodeBatch(b, bytes, records);
      expect(records.map((r) => [r.kind, r.eol, [...r.raw].join(), r.exact ?? false])).toEqual(direct.doc.records.map((r) => [r.kind, r.eol, [...r.raw].join(), r.exact ?? false]));
      records.forEach((r, i) => {
        if (r.exact) expect(pyDumps(r.value!)).toBe(pyDumps(direct.doc.records[i]!.value!));
        else expect(r.value).toStrictEqual(direct.doc.records[i]!.value);
      });
      const user = records[1]!.value!;
      expect(user.content).toBe('half \ud800 pair é 😀');
      expect(Object.keys(user)).toEqual(['role', 'content', '__proto__', 'z', 'a']);
      expect(Object.getPrototypeOf(user)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(records[2]!.value!.content).toBe('after a BOM');
      expect(records[3]!.value!.content).toBe('padded with a form feed');
      expect(records[4]!.exact).toBe(true);
      expect(Object.is(records[5]!.value!.content, direct.doc.records[5]!.value!.content)).toBe(true);
      expect(records.slice(6).map((r) => r.kind)).toEqual(['corrupt', 'blank', 'message', 'corrupt']);
    });
  }
});

describe('finishing on the page', () => {
  it('walks a big file’s records in slices, and gives what finishing at once gives', () => {
    const lines = ['{"_type": "metadata", "key": "a:b", "created_at": "2026-01-01T00:00:00", "updated_at": "2026-01-01T00:00:00", "metadata": {}, "last_consolidated": 0}'];
    for (let i = 0; i < 45_000; i++) lines.push(i % 1000 === 7 ? 'torn {' : `{"role": "${i % 2 ? 'assistant' : 'user'}", "content": "m${i}"}`);
    const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
    const direct = analyzeSession(bytes, { fileName: 'a_b.jsonl', fallbackKey: 'a:b', now: NOW, version: 'v0.2' });
    const head = encodeHead(direct);
    const records: FileRecord[] = new Array(head.count);
    for (const b of encodeBatches(direct, bytes)) decodeBatch(b, bytes, records);
    const steps = finishSteps(head, records, 'a:b', NOW);
    let slices = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) slices++;
    expect(slices).toBeGreaterThanOrEqual(5); // 45,000 messages and 45,001 records, 20,000 a slice
    const sliced = r.value;
    expect(sliced.recovered.messages).toHaveLength(45_000 - 45);
    expect(sliced.recovered.messageRecords).toEqual(direct.recovered.messageRecords);
    expect(sliced.nanobot.result!.messages.map((m) => m.content)).toEqual(direct.nanobot.result!.messages.map((m) => m.content));
    expect(pyDumps({ r: sliced.recovered.messages, lc: sliced.recovered.lastConsolidated, k: sliced.recovered.key })).toBe(pyDumps({ r: direct.recovered.messages, lc: direct.recovered.lastConsolidated, k: direct.recovered.key }));
  });
});
