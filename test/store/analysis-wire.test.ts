/** The worker's wire format: an analysis that crosses structured clone comes back identical. */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/core/document';
import { analyzeSession } from '../../src/core/open';
import { pyDumps } from '../../src/core/pyjson';
import { decodeBatch, encodeAnalysis, finishAnalysis } from '../../src/store/analysis-wire';
import { GOLDEN_DIR } from '../golden-values';

const NOW = '2031-07-08T09:10:11.121314';

describe('analysis wire format', () => {
  it('round-trips every golden fixture through structured clone, Python values included', () => {
    const dir = resolve(GOLDEN_DIR, 'fixtures');
    const names = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
    expect(names.length).toBeGreaterThan(300);
    for (const name of names) {
      const bytes = new Uint8Array(readFileSync(resolve(dir, name)));
      const opts = { fileName: name, fallbackKey: 'fx:x', now: NOW };
      const direct = analyzeSession(bytes, opts);
      const { head, batches } = encodeAnalysis(direct, bytes, 200);
      const records: FileRecord[] = new Array(head.count);
      const copy = bytes.slice();
      for (const b of structuredClone(batches)) decodeBatch(b, copy, records);
      const back = finishAnalysis(structuredClone(head), records, 'fx:x', NOW);
      expect(back.doc.records.map((r) => [r.kind, r.eol, [...r.raw].join(), r.value && pyDumps(r.value)]), name).toEqual(direct.doc.records.map((r) => [r.kind, r.eol, [...r.raw].join(), r.value && pyDumps(r.value)]));
      const view = (n: typeof direct.nanobot) => n.result && pyDumps({ m: n.result.messages, meta: n.result.metadata, lc: n.result.lastConsolidated, c: n.result.createdAt });
      expect(view(back.nanobot), name).toEqual(view(direct.nanobot));
      expect(back.nanobot.path).toBe(direct.nanobot.path);
      expect(back.doc.diagnostics).toEqual(direct.doc.diagnostics);
    }
  });
});
