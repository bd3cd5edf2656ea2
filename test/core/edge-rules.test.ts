/**
 * Issue 28's rules: edge cases fresh corpora found where Session Lens and nanobot's own code
 * disagreed. Each answer here was measured by running nanobot's code at that version
 * (test/edge-corpus/ holds the scripts).
 */
import { describe, expect, it } from 'vitest';
import { keyFromStem } from '../../src/core/keys';
import { listingRow } from '../../src/core/listing';

const enc = (s: string) => new TextEncoder().encode(s);
const META = '{"_type": "metadata", "created_at": "2020-01-01T00:00:00", "updated_at": "2020-01-01T00:00:00", "metadata": {}}\n';

describe('v0.3.0 stems that decode to ""', () => {
  it('`====` decodes to "", which is falsy: the file-name fallback names the row', () => {
    expect(keyFromStem('====', 'v0.3.0')).toBe('====');
    expect(keyFromStem('=_=', 'v0.3.0')).toBe('=:=');
    const out = listingRow({ bytes: enc(META), complete: true, fileName: '====.jsonl', mtimeIso: '2020-01-01T00:00:00', now: '2020-01-01T00:00:00', version: 'v0.3.0' });
    expect(out.kind === 'row' && out.row.key).toBe('====');
    // main lists only canonical stems.
    expect(keyFromStem('====', 'main')).toBeNull();
  });
});
