import { describe, expect, it } from 'vitest';
import { classifyEntries, classifyName, leftoverTarget } from '../../src/store/listing/leftovers';

describe('leftovers', () => {
  it('classifies names', () => {
    expect(classifyName('a.jsonl')).toBe('session');
    expect(classifyName('.a.jsonl')).toBe('session');
    expect(classifyName('a.jsonl.tmp')).toBe('tmp');
    expect(classifyName('.a.jsonl.0123456789abcdef.tmp')).toBe('tmp');
    expect(classifyName('.whatever.tmp')).toBe('tmp');
    expect(classifyName('a.jsonl.crswap')).toBe('crswap');
    expect(classifyName('a.jsonl.tmp.1.crswap')).toBe('crswap');
    expect(classifyName('a.jsonl.20260601T100000123Z.bak')).toBe('backup');
    expect(classifyName('a.jsonl.20260601T100000123Z-2.bak')).toBe('backup');
    expect(classifyName('a.bak')).toBe('other');
    expect(classifyName('notes.tmp')).toBe('other');
    expect(classifyName('.workspace')).toBe('other');
    expect(classifyName('a.json')).toBe('other');
  });

  it('tells which file a leftover was meant to become', () => {
    expect(leftoverTarget('a.jsonl.tmp')).toBe('a.jsonl');
    expect(leftoverTarget('.a.jsonl.0123456789abcdef.tmp')).toBe('a.jsonl');
    expect(leftoverTarget('a.jsonl.crswap')).toBe('a.jsonl');
    expect(leftoverTarget('a.jsonl.3.crswap')).toBe('a.jsonl');
    expect(leftoverTarget('a.jsonl.tmp.crswap')).toBe('a.jsonl');
    expect(leftoverTarget('.odd.tmp')).toBeUndefined();
  });

  it('splits a listing, hiding leftovers and backups from sessions', () => {
    const c = classifyEntries([
      { name: 'b.jsonl', kind: 'file' },
      { name: 'a.jsonl', kind: 'file' },
      { name: 'a.jsonl.tmp', kind: 'file' },
      { name: '.b.jsonl.00112233445566ff.tmp', kind: 'file' },
      { name: 'b.jsonl.crswap', kind: 'file' },
      { name: 'a.jsonl.20260601T100000123Z.bak', kind: 'file' },
      { name: 'x.jsonl', kind: 'directory' },
      { name: '.session-files.lock', kind: 'file' },
    ]);
    expect(c.sessions).toEqual(['a.jsonl', 'b.jsonl']);
    expect(c.backups).toEqual(['a.jsonl.20260601T100000123Z.bak']);
    expect(c.leftovers).toEqual([
      { name: '.b.jsonl.00112233445566ff.tmp', kind: 'tmp', target: 'b.jsonl' },
      { name: 'a.jsonl.tmp', kind: 'tmp', target: 'a.jsonl' },
      { name: 'b.jsonl.crswap', kind: 'crswap', target: 'b.jsonl' },
    ]);
    expect(c.other.map((e) => e.name)).toEqual(['.session-files.lock', 'x.jsonl']);
  });
});
