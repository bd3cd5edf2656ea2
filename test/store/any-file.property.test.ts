/**
 * No file can break the store: folders holding generated hostile files (any JSON value in any field,
 * any line at all) list completely, open in both lenses, replay under several settings, preview and
 * save every edit, and get a health check; each answer is data about that file, never an exception.
 */
import { editRefusalEn } from '../../src/words/edit-en';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { serializeDocument } from '../../src/core/lens/document';
import { appendMessage, clearMessages, removeLine, repairDocument, setLastConsolidated, setTitle, trimToLegalSuffix, type EditResult } from '../../src/core/edit/edits';
import { fileStem } from '../../src/core/nanobot/keys';
import { NANOBOT_VERSIONS, rulesOf, type NanobotVersion } from '../../src/core/nanobot/nanobot-version';
import { getHistory } from '../../src/core/replay/replay';
import { loadTokenizer } from '../../src/core/tokens/tokenizer';
import { estimateMessageTokens, type TextTokenCounter } from '../../src/core/tokens/tokens';
import { sessionFindings } from '../../src/cli/commands/check';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { openSession } from '../../src/store/save/sessions';
import { listSessions } from '../../src/store/listing/session-list';
import { openSource } from '../../src/store/source/open-source';
import { saveEdited } from '../../src/ui/session/edit/apply';
import { sessionFile } from '../arbitrary-files';
import { enc } from './helpers';

const NOW = '2026-06-01T12:00:00';
const GOOD = enc('{"_type": "metadata", "key": "good:one", "created_at": "2026-01-01T00:00:00", "updated_at": "2026-01-01T00:00:00", "metadata": {}}\n{"role": "user", "content": "hello"}\n');
const SETTINGS = [
  { maxMessages: 120, maxTokens: 190_784, includeTimestamps: true, extendToUser: false },
  { maxMessages: 3, maxTokens: 50, includeTimestamps: false, extendToUser: true },
  { maxMessages: -1, maxTokens: 0, includeTimestamps: true, extendToUser: true },
  { maxMessages: 1, maxTokens: 1, includeTimestamps: false, extendToUser: false },
];

let count: TextTokenCounter;
beforeAll(async () => {
  const counter = await loadTokenizer();
  const seen = new Map<string, ReturnType<TextTokenCounter>>(); // a 1 MB message is counted once, not once per setting
  count = (text) => {
    if (!seen.has(text)) seen.set(text, counter(text));
    return seen.get(text)!;
  };
});

/** Every edit the app offers, as previews over the opened file. */
function edits(doc: Parameters<typeof setTitle>[0], key: string, stem: string, version: NanobotVersion): EditResult[] {
  return [
    setTitle(doc, key, 'T', NOW),
    setLastConsolidated(doc, key, 1, NOW),
    appendMessage(doc, key, 'user', 'added', NOW),
    trimToLegalSuffix(doc, key, 0, false, NOW, version),
    trimToLegalSuffix(doc, key, 2, true, NOW, version),
    clearMessages(doc, key, NOW),
    repairDocument(doc, stem, NOW),
    removeLine(doc, 0),
  ];
}

describe('any file through the store', () => {
  it('a folder of hostile files lists every file, and the good one exactly as usual', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sessionFile, { minLength: 1, maxLength: 3 }), fc.constantFrom(...NANOBOT_VERSIONS), async (files, version) => {
        const a = createMemoryAdapter();
        files.forEach((b, i) => a.setFile(`sessions/odd_${i}.jsonl`, b, 1000 + i));
        a.setFile('sessions/good_one.jsonl', GOOD, 500);
        const l = await listSessions(a, 'sessions', { now: NOW, version });
        expect(l.summaries.map((s) => s.fileName).sort()).toEqual([...files.map((_, i) => `odd_${i}.jsonl`), 'good_one.jsonl'].sort());
        const good = l.summaries.find((s) => s.fileName === 'good_one.jsonl')!;
        // main never lists a v0.2 name; the older versions list the good file as usual (no preview before 0.2.0).
        if (version === 'main') expect(good.row).toBeNull();
        else expect(good.row).toMatchObject({ key: 'good:one', keyText: 'good:one', title: '', preview: rulesOf(version).listingPreview ? 'hello' : '' });
        for (const s of l.summaries) {
          expect(typeof s.key).toBe('string');
          if (s.row) expect([typeof s.row.keyText, typeof s.row.title, typeof s.row.preview]).toEqual(['string', 'string', 'string']);
          expect(s.error).toBeUndefined();
        }
      }),
      { numRuns: 80 },
    );
  });

  it('opens in both lenses, replays under several settings, previews and saves every edit, and is checked', async () => {
    await fc.assert(
      fc.asyncProperty(sessionFile, fc.constantFrom(...NANOBOT_VERSIONS), async (bytes, version) => {
        const a = createMemoryAdapter();
        const path = 'sessions/odd_file.jsonl';
        a.setFile(path, bytes, 1000);
        const o = await openSession(a, path, { now: NOW, version });
        // Byte for byte (Buffer's compare first: toEqual walks a file of a megabyte element by element).
        const saved = serializeDocument(o.doc);
        if (!Buffer.from(saved).equals(Buffer.from(bytes))) expect(saved).toEqual(bytes);
        expect(typeof o.key).toBe('string');
        const s = o.nanobot.result ?? o.recovered;
        for (const opts of SETTINGS) {
          const r = getHistory(s.messages, s.lastConsolidated, opts, version, (m) => estimateMessageTokens(m, count, version));
          if (!r.error) expect(r.fates).toHaveLength(s.messages.length);
        }
        for (const e of edits(o.doc, o.key, fileStem(o.fileName), version)) {
          if (!e.ok) {
            expect(editRefusalEn(e.error)).toMatch(/\S/); // a refusal with a code the CLI and the languages word
            continue;
          }
          const out = await saveEdited(a, o, e.doc, NOW);
          expect(typeof out.message).toBe('string');
          a.setFile(path, bytes, 1000); // the next edit starts from the file as opened
        }
        for (const f of sessionFindings(await (await openSource(a, path, { now: NOW, version })).health(), path)) expect(typeof f.message).toBe('string');
      }),
      { numRuns: 60 },
    );
  });
});
