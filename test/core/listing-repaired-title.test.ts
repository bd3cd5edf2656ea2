/**
 * The title of a row the repair pass made (issue 40, found by the fuzzer at 0.2.0): 0.2.0 reads
 * `repaired.metadata.get("title")` with no dict check, so a repaired session whose metadata is a list or a string
 * makes the whole listing raise AttributeError; 0.2.1 checks and lists it untitled. Expected values are
 * nanobot 0.2.0's and 0.2.1's own list_sessions() on these files.
 */
import { describe, expect, it } from 'vitest';
import { listingRow } from '../../src/core/listing/listing';
import type { NanobotVersion } from '../../src/core/nanobot/nanobot-version';

// The second line starts with U+0085: the head's json.loads fails on it, the repair pass strips it and keeps `{}`.
const file = (metadata: string) => new TextEncoder().encode(`{"_type": "metadata", "metadata": ${metadata}}\n\u0085{}`);
const row = (metadata: string, version: NanobotVersion) => listingRow({ bytes: file(metadata), complete: true, fileName: 'a_b.jsonl', mtimeIso: '2002-02-27T09:06:07', now: '2031-07-08T09:10:11', version });

describe('a repaired row whose metadata is no dict', () => {
  it('0.2.0: the listing raises AttributeError', () => {
    expect(row('[]', '0.2.0')).toEqual({ kind: 'raise', error: { type: 'AttributeError', message: "'list' object has no attribute 'get'" }, repaired: true });
    expect(row('"x"', '0.2.0')).toEqual({ kind: 'raise', error: { type: 'AttributeError', message: "'str' object has no attribute 'get'" }, repaired: true });
  });

  it('0.2.1 and v0.2: listed untitled', () => {
    for (const v of ['0.2.1', 'v0.2'] as const) {
      const r = row('[]', v);
      expect(r.kind === 'row' && [r.repaired, r.row.key, r.row.title, r.row.preview]).toEqual([true, 'a:b', '', '']);
    }
  });
});
