/** nanobot's rules at the byte level (issue 15 §2), each pinned by a file built to exercise it. */
import { describe, expect, it } from 'vitest';
import { listingRow, sortListing, type ListingRow } from '../../src/core/listing/listing';
import { loadNanobot } from '../../src/core/lens/load';
import { pyLoads } from '../../src/core/python/pyjson';
import { PyFloat, type PyValue } from '../../src/core/python/pyvalue';

const NOW = '2031-07-08T09:10:11.121314';
const enc = (s: string) => new TextEncoder().encode(s);
const META = '{"_type": "metadata", "key": "a:b", "created_at": "2024-05-01T09:00:00", "updated_at": "2024-05-01T10:00:00", "metadata": {}, "last_consolidated": 0}';
const list = (bytes: Uint8Array, complete = true) => listingRow({ bytes, complete, fileName: 'a_b.jsonl', mtimeIso: '2002-02-27T09:06:07', now: NOW, version: 'v0.2' });

describe("Python's integer-string limit", () => {
  it('parses up to 4,300 digits and raises ValueError above, in the fast path and the slow one', () => {
    const ok = pyLoads(`{"n": ${'7'.repeat(4300)}}`);
    expect(ok.ok && typeof (ok.value as { n: unknown }).n).toBe('bigint');
    const neg = pyLoads(`[-${'7'.repeat(4300)}]`);
    expect(neg.ok).toBe(true);
    for (const text of [`{"n": ${'7'.repeat(4301)}}`, `[${'1'.repeat(5000)}]`, `{"a": "x\\u00e9", "n": ${'9'.repeat(6000)}}`]) {
      const r = pyLoads(text);
      expect(r.ok ? 'parsed' : r.error.type).toBe('ValueError');
    }
  });

  it('parses float literals of any length, and numbers longer than any window exactly', () => {
    const r = pyLoads(`[${'1'.repeat(5000)}.5]`);
    expect(r.ok && (r.value as PyValue[])[0] instanceof PyFloat).toBe(true);
    const big = pyLoads(`[${'1'.repeat(4200)}]`);
    expect(big.ok && String((big.value as PyValue[])[0])).toBe('1'.repeat(4200));
  });

  it('makes the repair pass give up: the load yields nothing', () => {
    const bytes = enc(`${META}\n{"role": "user", "content": "hi"}\n{"n": ${'1'.repeat(4301)}}\n`);
    const r = loadNanobot(bytes, 'a:b', NOW, 'v0.2');
    expect(r.path).toBe('repair');
    expect(r.result).toBeNull();
    expect(r.repairError?.type).toBe('ValueError');
  });
});

describe('the listing head', () => {
  it('reads the first line as readline().strip(): Python whitespace around the record is fine', () => {
    const r = list(enc(`\u3000\x1c${META}\x0b\u3000\n{"role": "user", "content": "hello"}\n`));
    expect(r.kind).toBe('row');
    expect(r.kind === 'row' && r.repaired).toBe(false);
    expect(r.kind === 'row' && r.row.preview).toBe('hello');
  });

  it('counts the preview cap in code points over non-blank lines only', () => {
    // 600,000 emoji: 1.2 M UTF-16 units but 600,000 code points, under the 1,000,000 cap.
    const assistant = `{"role": "assistant", "content": "${'\u{1f600}'.repeat(600_000)}"}`;
    const blanks = '   \n'.repeat(300_000); // 1.2 M characters of blank lines: not counted
    const r = list(enc(`${META}\n${assistant}\n${blanks}{"role": "user", "content": "the user turn"}\n`));
    expect(r.kind === 'row' && r.row.preview).toBe('the user turn');
  });

  it('reads the next 8 KiB chunk after a chunk that ends in \\r, so a decoding error there counts', () => {
    const line1 = `${META}\n`;
    const filler = `{"role": "user", "content": "${'x'.repeat(8192 - line1.length - 32)}"}`;
    const head = enc(line1 + filler + '\r');
    expect(head.length).toBe(8192);
    const tail = new Uint8Array([...enc('{"role": "assistant", "content": "'), 0xff, ...enc('"}\n')]);
    const file = new Uint8Array([...head, ...tail]);
    expect(list(head, false).kind).toBe('need-more');
    // UnicodeDecodeError while reading the head: the repair pass, which cannot decode it either.
    expect(list(file)).toMatchObject({ repaired: true, headError: { type: 'UnicodeDecodeError' } });
    // The same bytes after a '\n' instead: nanobot never needed the next chunk.
    const lf = new Uint8Array(file);
    lf[8191] = 0x0a;
    const r2 = list(lf);
    expect(r2.kind === 'row' && r2.repaired).toBe(false);
  });
});

describe("the listing's sort compares Python values", () => {
  const row = (updated_at: PyValue): ListingRow => ({ key: 'k', created_at: '', updated_at, title: '', preview: '', path: String(updated_at) });
  it('compares lists element by element and int with float exactly', () => {
    const sorted = sortListing([row([1, 'b']), row([1, 'c']), row([1])]);
    expect('rows' in sorted && sorted.rows.map((r) => r.updated_at)).toEqual([[1, 'c'], [1, 'b'], [1]]);
    const exact = sortListing([row(new PyFloat(2 ** 64)), row(2n ** 64n + 1n)]);
    expect('rows' in exact && exact.rows[0]!.updated_at).toBe(2n ** 64n + 1n);
    expect('rows' in sortListing([row(true), row(new PyFloat(0.5))])).toBe(true);
  });

  it('raises only for truly incomparable types', () => {
    expect(sortListing([row('2024'), row(5)])).toMatchObject({ error: { type: 'TypeError' } });
    expect(sortListing([row([1]), row([1, 'a']), row(['x'])])).toMatchObject({ error: { type: 'TypeError' } });
  });
});
