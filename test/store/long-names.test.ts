/**
 * A save whose temp file's name passes the file system's 255 bytes: nanobot's own save raises
 * OSError (ENAMETOOLONG) there, so Session Lens reports it as a code and writes nothing; main's
 * start-up migration of such a file fails and leaves it in the workspace.
 * Thresholds measured with each version's save and main's migration (test/edge-corpus/long_names.py).
 */
import { describe, expect, it } from 'vitest';
import { base64urlKey, saveTmpNameError, sessionFileName } from '../../src/core/nanobot/keys';
import { setTitle } from '../../src/core/edit/edits';
import { migratesToNamespace } from '../../src/core/nanobot/migration';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { openSession, saveDocument } from '../../src/store/save/sessions';
import { enc, storeErrorOf } from './helpers';

const NOW = '2031-07-08T09:10:11.121314';
const META = (key: string) => JSON.stringify({ _type: 'metadata', key, created_at: '2020-01-01T00:00:00', updated_at: '2020-01-01T00:00:00', metadata: {} });

describe('temp-file names past 255 bytes', () => {
  it('nanobot saves a key up to the measured length and raises past it, per version', () => {
    // Longest key that saves, by file name bytes: v0.2 251 (`<name>.tmp`), v0.3.0 250, main 233 (`.<name>.<16 hex>.tmp`).
    const longest = { 'v0.2': 245, 'v0.3.0': 183, main: 170 } as const;
    for (const [v, n] of Object.entries(longest) as [keyof typeof longest, number][]) {
      expect(saveTmpNameError(sessionFileName('x'.repeat(n), v), v)).toBeNull();
      expect(saveTmpNameError(sessionFileName('x'.repeat(n + 1), v), v)).toMatchObject({ type: 'OSError', message: expect.stringContaining('[Errno 36] File name too long') });
    }
  });

  it("a main session with a 234-byte name opens, but its save is refused as 'nanobot-raises' and nothing is written", async () => {
    const key = 'x'.repeat(171);
    const path = `${base64urlKey(key)}.jsonl`;
    const a = createMemoryAdapter();
    const text = `${META(key)}\n{"role": "user", "content": "hi"}\n`;
    a.setFile(path, text);
    const opened = await openSession(a, path, { version: 'main', now: NOW });
    expect(opened.nanobot.result?.messages).toHaveLength(1);
    const edit = setTitle(opened.doc, opened.key, 'T', NOW);
    if (!edit.ok) throw new Error(JSON.stringify(edit.error));
    const err = await storeErrorOf(saveDocument(a, opened, edit.doc, { version: 'main', now: NOW }));
    expect(err.code).toBe('nanobot-raises');
    expect(a.getFile(path)).toEqual(enc(text));
    expect(a.paths()).toEqual([path]);
    // One byte shorter saves.
    const k2 = 'x'.repeat(170);
    const p2 = `${base64urlKey(k2)}.jsonl`;
    a.setFile(p2, `${META(k2)}\n`);
    const o2 = await openSession(a, p2, { version: 'main', now: NOW });
    const e2 = setTitle(o2.doc, o2.key, 'T', NOW);
    if (!e2.ok) throw new Error(JSON.stringify(e2.error));
    await saveDocument(a, o2, e2.doc, { version: 'main', now: NOW });
  });

  it("main's migration leaves a file whose copy's temp name is too long in the workspace", () => {
    const bytes = enc(`${META('k')}\n`);
    expect(migratesToNamespace(bytes, `${base64urlKey('k'.repeat(170))}.jsonl`)).toEqual({ ok: true });
    expect(migratesToNamespace(bytes, `${base64urlKey('k'.repeat(171))}.jsonl`)).toMatchObject({ ok: false, stay: { code: 'tmp-name-too-long', error: expect.stringContaining('File name too long') } });
  });
});
