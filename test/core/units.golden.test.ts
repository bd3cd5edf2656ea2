/** Every row of `_units.json` that the core text functions cover, checked against nanobot. */
import { describe, expect, it } from 'vitest';
import { listFallbackKey, safeKey } from '../../src/core/keys';
import { messagePreview, previewText } from '../../src/core/preview';
import { isDict, type PyDict, type PyValue } from '../../src/core/pyvalue';
import { sanitizeAssistantReplayText } from '../../src/core/sanitize';
import { sessionTitle } from '../../src/core/title';
import { readGolden, showValue } from '../golden-values';

const units = readGolden('_units.json') as PyDict;

function rows(section: string): PyDict[] {
  const list = units[section];
  if (!Array.isArray(list) || list.length === 0) throw new Error(`_units.json has no ${section} rows`);
  return list as PyDict[];
}

/** Fails with the number of mismatches and the first few in full. */
function expectAllMatch(section: string, check: (row: PyDict) => Record<string, [PyValue, PyValue]>): void {
  const mismatches: unknown[] = [];
  const all = rows(section);
  all.forEach((row, index) => {
    for (const [field, [got, want]] of Object.entries(check(row))) {
      if (got !== want) mismatches.push({ index, field, row, got, want });
    }
  });
  expect(mismatches.length, `${mismatches.length} of ${all.length} ${section} rows differ:\n${showValue(mismatches.slice(0, 5))}`).toBe(0);
}

describe('_units.json', () => {
  it('safe_key', () => {
    expectAllMatch('safe_key', (r) => {
      const stem = safeKey(r.key as string);
      return {
        safe_key: [stem, r.safe_key!],
        file: [`${stem}.jsonl`, r.file!],
        list_fallback_key: [listFallbackKey(stem), r.list_fallback_key!],
      };
    });
  });

  it('metadata_title', () => {
    expectAllMatch('metadata_title', (r) => ({ title: [sessionTitle(r.metadata!), r.title!] }));
  });

  it('sanitize_assistant_replay_text', () => {
    expectAllMatch('sanitize_assistant_replay_text', (r) => ({
      sanitized: [sanitizeAssistantReplayText(r.text as string), r.sanitized!],
    }));
  });

  it('preview', () => {
    expectAllMatch('preview', (r) => {
      if ('message' in r) {
        if (!isDict(r.message)) throw new Error('preview row: message is not a dict');
        return { preview: [messagePreview(r.message), r.preview!] };
      }
      return { preview: [previewText(r.content!), r.preview!] };
    });
  });
});
