import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/core/lens/document';
import { pyDumps } from '../../src/core/python/pyjson';
import { indexFile, readRecords } from '../../src/store/large/large-client';
import { LARGE_FILE_BYTES } from '../../src/store/large/large-file';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';

const rows = [
  '{"_type": "metadata", "key": "k", "created_at": null, "updated_at": null, "metadata": {}, "last_consolidated": 0}',
  '{"role": "user", "content": "héllo", "n": 1.0}',
  'not json',
  '\ufeff{"role": "assistant", "content": "after a BOM"}',
  '',
  '{"role": "tool", "tool_call_id": "x", "content": [1, 2]}',
];

describe('large-file client', () => {
  it('indexes a file handed over as a Blob by the adapter and reads back exactly the records the whole-file parse gives', async () => {
    const a = createMemoryAdapter();
    const text = rows.join('\r\n') + '\n';
    a.setFile('s/big.jsonl', text);
    const blob = await a.file!('s/big.jsonl');
    const seen: number[] = [];
    const ix = await indexFile(blob, 'v0.2', (bytes) => seen.push(bytes));
    expect(seen.at(-1)).toBe(blob.size);
    const doc = parseDocument(new TextEncoder().encode(text), { version: 'v0.2' });
    const all = Array.from({ length: ix.count }, (_, i) => i);
    const values = await readRecords(blob, ix, all);
    expect(values.map((v) => (v ? pyDumps(v) : null))).toEqual(doc.records.map((r) => (r.value ? pyDumps(r.value) : null)));
    // A range in the middle reads only its own lines.
    const mid = await readRecords(blob, ix, [3, 4, 5]);
    expect(mid.map((v) => (v ? pyDumps(v) : null))).toEqual([3, 4, 5].map((i) => (doc.records[i]!.value ? pyDumps(doc.records[i]!.value!) : null)));
    expect([...ix.messages]).toEqual([1, 3, 5]);
  });

  it('the size line', () => {
    expect(LARGE_FILE_BYTES).toBe(32 * 1024 * 1024);
  });
});
