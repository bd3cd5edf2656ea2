/**
 * Where nanobot calls its repair pass on its own (`_repair`): the listing's repair row and
 * `read_session_file` / `read_session_metadata` after their own read raised. Only the repair pass
 * runs there, never `_load`'s strict pass, whose answer can differ (found by npm run fuzz: v0.2
 * `test/fuzz-found/v0.2/8a515a06ec`).
 */
import { describe, expect, it } from 'vitest';
import { listingRow } from '../../src/core/listing/listing';
import { loadNanobot } from '../../src/core/lens/load';

const NOW = '2031-07-08T09:10:11.121314';
const MTIME = '2002-02-27T09:06:07';
const enc = new TextEncoder();

// Line 2 ends in U+001E: str.strip() removes it (the passes parse it) but the listing's
// json.loads(line) sees "Extra data", so the listing falls back to the repair row. The third line,
// a metadata record without created_at, resets created_at in the strict pass (`None`), while the
// repair pass only sets it when the record has one.
const FILE = enc.encode('{"_type": "metadata", "created_at": "2026-06-01T10:00:00"}\n{"role": "user", "content": "hi"}\x1e\n{"_type": "metadata"}\n');

describe("nanobot's repair pass on its own", () => {
  it('strict load and repair pass differ on this file (the premise)', () => {
    const load = loadNanobot(FILE, 'k', NOW, 'v0.2');
    expect(load.path).toBe('normal');
    expect(load.result?.createdAt).toBe(NOW);
  });

  it("the listing's repair row keeps the repair pass's created_at", () => {
    const out = listingRow({ bytes: FILE, complete: true, fileName: 'k.jsonl', mtimeIso: MTIME, now: NOW, version: 'v0.2' });
    expect(out.kind).toBe('row');
    if (out.kind !== 'row') return;
    expect(out.repaired).toBe(true);
    expect(out.row.created_at).toBe('2026-06-01T10:00:00');
    expect(out.row.updated_at).toBe(NOW);
    expect(out.row.preview).toBe('hi');
  });

});
