/** nanobot's listing order (src/core/listing/listing.ts `sortListing`): Python's stable sort by `updated_at`, newest first. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints, listingRow, sortListing, type ListingRow } from '../../src/core/listing/listing';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import type { PyValue } from '../../src/core/python/pyvalue';

const row = (updated_at: PyValue, i: number): ListingRow => ({ key: `k${i}`, created_at: '', updated_at, title: '', preview: '', path: `f${i}.jsonl` });

/** Python's `sorted(rows, key=updated_at, reverse=True)` for string keys: by code point, ties in input order. */
function pythonOrder(rows: ListingRow[]): string[] {
  return rows
    .map((r, i) => [r, i] as const)
    .sort(([a, i], [b, j]) => compareCodePoints(b.updated_at as string, a.updated_at as string) || i - j)
    .map(([r]) => r.path);
}

// Characters whose UTF-16 order and code point order agree (ASCII, BMP above the surrogates) and
// astral ones, which JS `<` puts below U+E000–U+FFFF and Python above.
const char = fc.constantFrom('2', '0', '9', '-', 'T', ':', 'a', 'é', '\ue000', '\uffff', '😀', '\u{10000}');
const text = fc.array(char, { maxLength: 4 }).map((cs) => cs.join(''));

describe('sortListing', () => {
  it('orders text times by code point, newest first, ties kept in order, with or without astral characters', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 30 }), (times) => {
        const rows = times.map(row);
        const sorted = sortListing(rows);
        expect('rows' in sorted && sorted.rows.map((r) => r.path)).toEqual(pythonOrder(rows));
      }),
      { numRuns: 500 },
    );
  });

  it('puts an astral character after U+FFFF, as Python does, where JS string order puts it before', () => {
    const rows = [row('\uffff', 0), row('😀', 1), row('a', 2), row('\uffff', 3)];
    const sorted = sortListing(rows);
    expect('rows' in sorted && sorted.rows.map((r) => r.path)).toEqual(['f1.jsonl', 'f0.jsonl', 'f3.jsonl', 'f2.jsonl']);
  });

  it("raises nanobot's TypeError when a text time meets a number", () => {
    expect(sortListing([row('2026-01-01', 0), row(5, 1)])).toMatchObject({ error: { type: 'TypeError', message: expect.stringContaining("'<' not supported") } });
  });
});

describe('listing rows up to 0.2.2: no file-time fallback', () => {
  const file = (meta: string) => new TextEncoder().encode(`{"_type": "metadata", "key": "k:a"${meta}, "metadata": {}}\n{"role": "user", "content": "hi"}\n`);
  const row = (meta: string, version: NanobotVersion) => {
    const out = listingRow({ bytes: file(meta), complete: true, fileName: 'k_a.jsonl', mtimeIso: 'MTIME', now: 'NOW', version });
    return out.kind === 'row' ? out.row : out.kind;
  };
  it('keeps a missing time null and an empty one empty, where v0.2 shows the mtime', () => {
    expect(row(', "updated_at": ""', '0.2.2')).toMatchObject({ created_at: null, updated_at: '' });
    expect(row(', "updated_at": ""', 'v0.2')).toMatchObject({ created_at: 'MTIME', updated_at: 'MTIME' });
  });
  it('so two sessions without a time make the sort raise TypeError, as 0.2.2 does', () => {
    const a = row('', '0.2.2') as ListingRow;
    expect(sortListing([a, { ...a, path: 'b' }])).toEqual({ error: expect.objectContaining({ type: 'TypeError' }) });
    expect(sortListing([a])).toEqual({ rows: [a] });
  });
});
