/** The listing border: any value nanobot's rows carry is that file's row, never the folder's failure. */
import { describe, expect, it } from 'vitest';
import { listSessions } from '../../src/store/listing/session-list';
import { listedRow, shownValue } from '../../src/store/listing/listed-row';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { PyFloat } from '../../src/core/python/pyvalue';
import { enc } from './helpers';

const NOW = '2026-06-01T12:00:00';
const file = (meta: string, content = 'hi') => enc(`{"_type": "metadata", ${meta}}\n{"role": "user", "content": "${content}"}\n`);

describe('listing files whose metadata holds any value', () => {
  it('a number as the key is that row, shown as Python writes it; the rest of the folder lists as usual', async () => {
    const a = createMemoryAdapter();
    a.setFile('sessions/a_b.jsonl', file('"key": 12345, "updated_at": "2026-01-02T00:00:00"'), 1000);
    a.setFile('sessions/c_d.jsonl', file('"key": "c:d", "updated_at": "2026-01-01T00:00:00"'), 1000);
    const l = await listSessions(a, 'sessions', { now: NOW, version: 'v0.2' });
    expect(l.summaries.map((s) => s.fileName)).toEqual(['a_b.jsonl', 'c_d.jsonl']);
    const [odd, good] = l.summaries;
    expect(odd!.row!.key).toBe(12345);
    expect(odd!.row!.keyText).toBe('12345');
    expect(odd!.key).toBe('a:b');
    expect(odd!.flags).toMatchObject({ keyNotText: true, keyMismatch: false });
    expect(good!.row!.keyText).toBe('c:d');
    expect(good!.flags.keyNotText).toBe(false);
  });

  it('lists, dicts, big ints, NaN and bools as key or times are kept raw and shown with repr', async () => {
    const a = createMemoryAdapter();
    a.setFile('sessions/l.jsonl', file('"key": [1, "x"], "updated_at": 123456789012345678901234567890'), 1);
    a.setFile('sessions/d.jsonl', file('"key": {"a": null}, "updated_at": NaN, "created_at": true'), 1);
    a.setFile('sessions/f.jsonl', file('"key": 1.0, "updated_at": [1]'), 1);
    const l = await listSessions(a, 'sessions', { now: NOW, version: 'v0.2' });
    const by = new Map(l.summaries.map((s) => [s.fileName, s]));
    expect(by.get('l.jsonl')!.row!.keyText).toBe("[1, 'x']");
    expect(by.get('d.jsonl')!.row!.keyText).toBe("{'a': None}");
    expect(by.get('f.jsonl')!.row!.keyText).toBe('1.0');
    expect(shownValue(by.get('l.jsonl')!.row!.updated_at)).toBe('123456789012345678901234567890');
    expect(shownValue(by.get('d.jsonl')!.row!.updated_at)).toBe('nan');
    expect(shownValue(by.get('d.jsonl')!.row!.created_at)).toBe('True');
    expect(l.summaries).toHaveLength(3);
  });

  it('a file that cannot be read is its own summary, with why; the others are listed', async () => {
    const a = createMemoryAdapter();
    a.setFile('sessions/bad.jsonl', file('"key": "bad"'), 1);
    a.setFile('sessions/ok.jsonl', file('"key": "ok"'), 1);
    a.fail({ step: 'read', path: 'sessions/bad.jsonl', code: 'permission', times: 99 });
    const l = await listSessions(a, 'sessions', { now: NOW, version: 'v0.2' });
    const bad = l.summaries.find((s) => s.fileName === 'bad.jsonl')!;
    expect(bad.row).toBeNull();
    expect(bad.error).toContain('permission');
    expect(bad.key).toBe('bad');
    expect(l.summaries.find((s) => s.fileName === 'ok.jsonl')!.row!.keyText).toBe('ok');
  });

  it('the border never throws and always gives text for title and preview', () => {
    const row = listedRow({ key: new PyFloat(NaN) as unknown as string, created_at: 2n ** 70n, updated_at: null, title: 5 as unknown as string, preview: ['x'] as unknown as string, path: 'p.jsonl' });
    expect(row).toMatchObject({ keyText: 'nan', keyIsText: false, title: '5', preview: "['x']", path: 'p.jsonl' });
  });
});
