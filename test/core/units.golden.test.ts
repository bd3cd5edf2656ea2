/** Every row of each corpus's `_units.json` that the core text functions cover, checked against nanobot. */
import { describe, expect, it } from 'vitest';
import { base64urlKey, decodeStorageKey, keyFromStem, safeKey, sessionFileName } from '../../src/core/nanobot/keys';
import { loopMaxMessages } from '../../src/core/nanobot/nanobot-version';
import { messagePreview, previewText } from '../../src/core/listing/preview';
import { isDict, type PyDict, type PyValue } from '../../src/core/python/pyvalue';
import { sanitizeAssistantReplayText } from '../../src/core/listing/sanitize';
import { sessionTitle } from '../../src/core/listing/title';
import { corpusVersion } from '../golden/runner';
import { GOLDEN_DIR, corpusDir, readGolden, showValue } from '../golden-values';

for (const dir of [GOLDEN_DIR, corpusDir('golden-v0.3'), corpusDir('golden-main')]) {
  const version = corpusVersion(dir);
  const units = readGolden('_units.json', dir) as PyDict;

  const rows = (section: string): PyDict[] => {
    const list = units[section];
    if (!Array.isArray(list) || list.length === 0) throw new Error(`_units.json has no ${section} rows`);
    return list as PyDict[];
  };

  /** Fails with the number of mismatches and the first few in full. */
  const expectAllMatch = (section: string, check: (row: PyDict) => Record<string, [PyValue, PyValue]>): void => {
    const mismatches: unknown[] = [];
    const all = rows(section);
    all.forEach((row, index) => {
      for (const [field, [got, want]] of Object.entries(check(row))) {
        if (got !== want) mismatches.push({ index, field, row, got, want });
      }
    });
    expect(mismatches.length, `${mismatches.length} of ${all.length} ${section} rows differ:\n${showValue(mismatches.slice(0, 5))}`).toBe(0);
  };

  describe(`_units.json at ${version}`, () => {
    it('safe_key, file names and the listing key of a file name', () => {
      expectAllMatch('safe_key', (r) => {
        const key = r.key as string;
        const file = sessionFileName(key, version);
        return {
          safe_key: [safeKey(key), r.safe_key!],
          file: [file, r.file!],
          list_fallback_key: [keyFromStem(file.slice(0, -6), version), r.list_fallback_key!],
        };
      });
    });

    if (version !== 'v0.2') {
      it('storage_key', () => {
        expectAllMatch('storage_key', (r) => ({
          storage_key: [base64urlKey(r.key as string), r.storage_key!],
          decoded: [decodeStorageKey(r.storage_key as string), r.decoded!],
          legacy_lossy_file: [`${safeKey(r.key as string)}.jsonl`, r.legacy_lossy_file!],
        }));
      });

      it('stem_to_key', () => {
        expectAllMatch('stem_to_key', (r) => ({
          decode_storage_key: [decodeStorageKey(r.stem as string), r.decode_storage_key!],
          listing_key: [keyFromStem(r.stem as string, version), (version === 'main' ? r.session_key_from_path : r.list_fallback_key)!],
        }));
      });
    }

    if (units.replay_max_messages_for_context) {
      it('replay_max_messages_for_context', () => {
        expectAllMatch('replay_max_messages_for_context', (r) => ({
          replay_max_messages: [loopMaxMessages(version, r.context_window_tokens as number | null), r.replay_max_messages!],
        }));
      });
    }

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
          return { preview: [messagePreview(r.message, version), r.preview!] };
        }
        return { preview: [previewText(r.content!), r.preview!] };
      });
    });
  });
}
