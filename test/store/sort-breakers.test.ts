/** The files that make nanobot's own listing fail, and the edit that lets it list the folder again (issue 42). */
import { describe, expect, it } from 'vitest';
import { parseDocument, serializeDocument } from '../../src/core/lens/document';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { listSessions, mtimeIso } from '../../src/store/listing/session-list';
import { sortBreakers, updatedAtFix, withUpdatedAt } from '../../src/store/listing/sort-breakers';
import { PyFloat } from '../../src/core/python/pyvalue';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const meta = (key: string, updated: string, created = '"2026-06-01T10:00:00"') =>
  `{"_type": "metadata", "key": "${key}", "created_at": ${created}, "updated_at": ${updated}, "metadata": {}, "last_consolidated": 0}`;
const USER = '{"role": "user", "content": "hi", "timestamp": "2026-06-01T10:00:01"}';
const NOW = '2026-08-01T12:00:00';

async function listed(files: Record<string, string>) {
  const a = createMemoryAdapter();
  for (const [name, text] of Object.entries(files)) a.setFile(`s/${name}`, text);
  return { a, l: await listSessions(a, 's', { now: NOW, version: 'v0.2' }) };
}

describe('sortBreakers', () => {
  it('names every file whose updated_at is not text when the sort raises, with the text that would fix it', async () => {
    const { l } = await listed({
      'a_1.jsonl': `${meta('a:1', '"2026-06-02T10:00:00"')}\n${USER}\n`,
      'a_2.jsonl': `${meta('a:2', '1751371200')}\n${USER}\n`,
      'a_3.jsonl': `${meta('a:3', '[2026, 6]')}\n${USER}\n`,
      'a_4.jsonl': `${meta('a:4', '"2026-06-04T10:00:00"')}\n${USER}\n`,
    });
    expect(l.sortError?.type).toBe('TypeError');
    const b = sortBreakers(l);
    expect(b.map((x) => [x.summary.fileName, x.cause])).toEqual([
      ['a_2.jsonl', 'updated-at'],
      ['a_3.jsonl', 'updated-at'],
    ]);
    const [two, three] = b as Extract<(typeof b)[number], { cause: 'updated-at' }>[];
    expect(two!).toMatchObject({ updatedAt: 1751371200, from: 'epoch-seconds', fix: mtimeIso(1751371200_000) });
    expect(three!).toMatchObject({ from: 'created-at', fix: '2026-06-01T10:00:00' });
  });

  it('names nothing when the listing sorts (all text, or all numbers)', async () => {
    expect(sortBreakers((await listed({ 'a_1.jsonl': `${meta('a:1', '"x"')}\n`, 'a_2.jsonl': `${meta('a:2', '"y"')}\n` })).l)).toEqual([]);
    expect(sortBreakers((await listed({ 'a_1.jsonl': `${meta('a:1', '5')}\n`, 'a_2.jsonl': `${meta('a:2', '7')}\n` })).l)).toEqual([]);
  });

  it('the fix, written over line 1, makes nanobot list the folder again; the rest of the file keeps its bytes', async () => {
    const { a, l } = await listed({ 'a_1.jsonl': `${meta('a:1', '"2026-06-02T10:00:00"')}\n${USER}\n`, 'a_2.jsonl': `${meta('a:2', '1751371200')}\r\n${USER}\r\n` });
    for (const b of sortBreakers(l)) {
      if (b.cause !== 'updated-at') throw new Error('expected an updated_at breaker');
      const doc = parseDocument(a.getFile(b.summary.path)!, { fileName: b.summary.fileName, version: 'v0.2' });
      const fixed = withUpdatedAt(doc, b.updatedAt, b.fix)!;
      a.setFile(b.summary.path, dec(serializeDocument(fixed)));
    }
    const again = await listSessions(a, 's', { now: NOW, version: 'v0.2' });
    expect(again.sortError).toBeNull();
    const text = dec(a.getFile('s/a_2.jsonl')!);
    // Line 1 is written as nanobot writes a line; line 2 keeps its bytes, CRLF and all.
    expect(text).toBe(`${meta('a:2', JSON.stringify(mtimeIso(1751371200_000)))}\n${USER}\r\n`);
  });

  it('refuses to write the fix when line 1 no longer holds the value the listing saw', () => {
    const doc = parseDocument(enc(`${meta('a:2', '"2026-06-02T10:00:00"')}\n`), { version: 'v0.2' });
    expect(withUpdatedAt(doc, 1751371200, 'x')).toBeNull();
    expect(withUpdatedAt(parseDocument(enc(`${USER}\n${meta('a:2', '5')}\n`), { version: 'v0.2' }), 5, 'x')).toBeNull();
  });

  it('reads a number as a Unix time in seconds or milliseconds, else falls back to created_at, then the mtime', () => {
    expect(updatedAtFix(new PyFloat(1751371200.5), null, 0).from).toBe('epoch-seconds');
    expect(updatedAtFix(1751371200123, null, 0)).toEqual({ fix: mtimeIso(1751371200123), from: 'epoch-ms' });
    expect(updatedAtFix(7, '2026-01-01T00:00:00', 0)).toEqual({ fix: '2026-01-01T00:00:00', from: 'created-at' });
    expect(updatedAtFix(7, '', 1751371200_000)).toEqual({ fix: mtimeIso(1751371200_000), from: 'mtime' });
  });
});
