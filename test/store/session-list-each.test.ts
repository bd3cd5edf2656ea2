/**
 * listSessionsEach: a listing whose caller keeps only what it chose per file (the CLI keeps its
 * printed line), in the order listSessions gives, with nanobot's sort error from the first file
 * in the folder's order.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { listSessions, listSessionsEach, type SessionSummary } from '../../src/store/listing/session-list';

const NOW = '2026-06-01T12:00:00';
const meta = (key: string, updated: unknown) => JSON.stringify({ _type: 'metadata', key, created_at: '2026-01-01T00:00:00', updated_at: updated, metadata: {} });
const user = (text: string) => JSON.stringify({ role: 'user', content: text });

function folder(files: Record<string, [text: string, mtime: number]>) {
  const a = createMemoryAdapter();
  for (const [name, [text, mtime]] of Object.entries(files)) a.setFile(`sessions/${name}`, text, mtime);
  return a;
}

describe('listSessionsEach', () => {
  it('hands each file to keep once and gives back only what keep returned, in listSessions order', async () => {
    const a = folder({
      'a_1.jsonl': [`${meta('a:1', '2026-01-02T00:00:00')}\n${user('one')}\n`, 1000],
      'b_2.jsonl': [`${meta('b:2', '2026-01-05T00:00:00')}\n${user('two')}\n`, 2000],
      'c_3.jsonl': [`${user('no metadata first')}\n`, 5000],
      'd_4.jsonl': ['', 3000],
      'e_5.jsonl': [`${meta('e:5', '2026-01-05T00:00:00')}\n${user('tie, after b')}\n`, 4000],
    });
    const whole = await listSessions(a, 'sessions', { now: NOW, version: 'v0.2' });
    const seen: string[] = [];
    const each = await listSessionsEach(a, 'sessions', { now: NOW, version: 'v0.2' }, (s: SessionSummary) => (seen.push(s.fileName), `kept ${s.fileName}`));
    expect(seen.sort()).toEqual(['a_1.jsonl', 'b_2.jsonl', 'c_3.jsonl', 'd_4.jsonl', 'e_5.jsonl']);
    expect(each.items).toEqual(whole.summaries.map((s) => `kept ${s.fileName}`));
    // nanobot's rows, newest first (a tie keeps the folder's order), then the files it leaves out, newest first.
    expect(each.items).toEqual(['kept b_2.jsonl', 'kept e_5.jsonl', 'kept a_1.jsonl', 'kept c_3.jsonl', 'kept d_4.jsonl']);
    expect(each.listed).toBe(3);
    expect(each.sortError).toBeNull();
    expect([each.bytesRead, each.bytesStored]).toEqual([whole.bytesRead, whole.bytesStored]);
  });

  it('says the sort error nanobot raises for mixed updated_at types, as listSessions does', async () => {
    const a = folder({
      'a_1.jsonl': [`${meta('a:1', 5)}\n${user('one')}\n`, 1000],
      'b_2.jsonl': [`${meta('b:2', '2026-01-05T00:00:00')}\n${user('two')}\n`, 2000],
    });
    const whole = await listSessions(a, 'sessions', { now: NOW, version: 'v0.2' });
    const each = await listSessionsEach(a, 'sessions', { now: NOW, version: 'v0.2' }, (s) => s.fileName);
    expect(each.sortError).toEqual(whole.sortError);
    expect(each.sortError?.type).toBe('TypeError');
    expect(each.items).toEqual(whole.summaries.map((s) => s.fileName));
  });
});
