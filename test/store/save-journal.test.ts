import { describe, expect, it } from 'vitest';
import { forgetSave, interruptedSave, noteSave } from '../../src/store/save/save-journal';

function memoryStore() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    map: m,
  };
}

describe('the note of running saves', () => {
  it('names a tmp as an interrupted save of ours only while noted, in its workspace, and not older than the save', () => {
    const s = memoryStore();
    const done = noteSave(s, 'folder:a', 'sessions/x.jsonl.tmp', 1_000_000);
    expect(interruptedSave(s, 'folder:a', 'sessions/x.jsonl.tmp', 1_000_100)?.started).toBe(1_000_000);
    expect(interruptedSave(s, 'folder:a', 'sessions/x.jsonl.tmp', null)).not.toBeNull();
    expect(interruptedSave(s, 'folder:b', 'sessions/x.jsonl.tmp', 1_000_100)).toBeNull();
    expect(interruptedSave(s, 'folder:a', 'sessions/y.jsonl.tmp', 1_000_100)).toBeNull();
    expect(interruptedSave(s, 'folder:a', 'sessions/x.jsonl.tmp', 900_000)).toBeNull(); // dated well before the save began: not ours
    done();
    expect(interruptedSave(s, 'folder:a', 'sessions/x.jsonl.tmp', 1_000_100)).toBeNull();
    expect(s.map.size).toBe(0);
  });

  it('keeps other saves’ notes, drops week-old ones, and survives junk in the store', () => {
    const s = memoryStore();
    noteSave(s, 'folder:a', 'a.jsonl.tmp', 0);
    noteSave(s, 'folder:a', 'b.jsonl.tmp', 8 * 24 * 3600 * 1000);
    expect(interruptedSave(s, 'folder:a', 'a.jsonl.tmp', null)).toBeNull();
    noteSave(s, 'folder:a', 'c.jsonl.tmp', 8 * 24 * 3600 * 1000 + 1);
    forgetSave(s, 'folder:a', 'c.jsonl.tmp');
    expect(interruptedSave(s, 'folder:a', 'b.jsonl.tmp', null)).not.toBeNull();
    s.setItem('session-lens:saves-running', '{not json');
    expect(interruptedSave(s, 'folder:a', 'b.jsonl.tmp', null)).toBeNull();
    s.setItem('session-lens:saves-running', '[{"workspace": 1}]');
    expect(() => noteSave(s, 'folder:a', 'd.jsonl.tmp')).not.toThrow();
  });
});
