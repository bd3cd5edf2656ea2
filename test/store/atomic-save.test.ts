import { describe, expect, it } from 'vitest';
import { guardedSave } from '../../src/store/save/atomic-save';
import { backupPath, backupStamp } from '../../src/store/save/backup';
import { sha256Hex } from '../../src/store/adapter/bytes';
import { classifyName } from '../../src/store/listing/leftovers';
import { createMemoryAdapter } from '../../src/store/adapter/memory-adapter';
import { isBusy, serialize } from '../../src/store/save/save-queue';
import { describeChanges, readSnapshot } from '../../src/store/save/snapshot';
import { enc, readText, storeErrorOf } from './helpers';

const P = 'sessions/a.jsonl';

async function opened(content = 'line one\n') {
  const a = createMemoryAdapter();
  a.setFile(P, content, 1_000_000);
  const { bytes, snapshot } = await readSnapshot(a, P);
  return { a, bytes, snapshot };
}

describe('readSnapshot', () => {
  it('records size, mtime and SHA-256 of what was read', async () => {
    const { bytes, snapshot } = await opened('abc');
    expect(new TextDecoder().decode(bytes)).toBe('abc');
    expect(snapshot).toEqual({
      path: P,
      size: 3,
      lastModified: 1_000_000,
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
  });

  it('retries when the file changes during the read', async () => {
    const a = createMemoryAdapter();
    a.setFile(P, 'v1');
    let reads = 0;
    a.onStep((step) => {
      if (step === 'read' && reads++ === 0) a.setFile(P, 'v2 longer');
    });
    const { bytes } = await readSnapshot(a, P);
    expect(new TextDecoder().decode(bytes)).toBe('v2 longer');
  });
});

describe('guardedSave', () => {
  it('saves when the file is unchanged and returns the new snapshot', async () => {
    const { a, snapshot } = await opened();
    const r = await guardedSave(a, P, snapshot, enc('line two\n'));
    expect(await readText(a, P)).toBe('line two\n');
    expect(r.snapshot.sha256).toBe(await sha256Hex(enc('line two\n')));
    expect(r.snapshot.size).toBe(9);
    expect(r.backup).toBeUndefined();
    // The returned snapshot allows the next save.
    await guardedSave(a, P, r.snapshot, [enc('three'), enc('\n')]);
    expect(await readText(a, P)).toBe('three\n');
  });

  it('refuses with a conflict saying what changed (size, mtime, content)', async () => {
    const { a, snapshot } = await opened('line one\n');
    a.setFile(P, 'line one\nline two\n', 2_000_000);
    const err = await storeErrorOf(guardedSave(a, P, snapshot, enc('mine\n')));
    expect(err.code).toBe('conflict');
    expect(err.reason).toEqual({
      code: 'changed-since-read',
      changes: [
        { code: 'size', from: 9, to: 18 },
        { code: 'modified', from: 1_000_000, to: 2_000_000 },
        { code: 'content', from: expect.stringMatching(/^[0-9a-f]{12}$/), to: expect.stringMatching(/^[0-9a-f]{12}$/) },
      ],
    });
    expect(err.message).toContain('changed on disk since it was read');
    expect(err.message).toContain('nanobot gateway');
    expect(await readText(a, P)).toBe('line one\nline two\n');
  });

  it('catches a same-size, same-mtime edit by its hash', async () => {
    const { a, snapshot } = await opened('aaaa\n');
    a.setFile(P, 'bbbb\n', snapshot.lastModified);
    const err = await storeErrorOf(guardedSave(a, P, snapshot, enc('mine\n')));
    expect(err.code).toBe('conflict');
    expect(err.reason).toEqual({ code: 'changed-since-read', changes: [expect.objectContaining({ code: 'content' })] });
  });

  it('a deleted file is a conflict; an existing file is a conflict for a new save', async () => {
    const { a, snapshot } = await opened();
    await a.remove(P);
    const gone = await storeErrorOf(guardedSave(a, P, snapshot, enc('x')));
    expect(gone.reason).toEqual({ code: 'changed-since-read', changes: [{ code: 'deleted' }] });
    await guardedSave(a, P, 'absent', enc('fresh'));
    expect(await readText(a, P)).toBe('fresh');
    const exists = await storeErrorOf(guardedSave(a, P, 'absent', enc('again')));
    expect(exists.code).toBe('conflict');
  });

  it('identical content with a new mtime is not a conflict (nothing would be lost)', async () => {
    const { a, snapshot } = await opened('same\n');
    a.setFile(P, 'same\n', 5_000_000);
    await guardedSave(a, P, snapshot, enc('mine\n'));
    expect(await readText(a, P)).toBe('mine\n');
  });

  it('writes a backup of the bytes on disk first when asked (repair)', async () => {
    const { a, snapshot } = await opened('broken\n');
    const at = new Date('2026-06-01T10:00:00.123Z');
    const r = await guardedSave(a, P, snapshot, enc('repaired\n'), { backup: true, now: at });
    expect(r.backup).toBe('sessions/a.jsonl.20260601T100000123Z.bak');
    expect(classifyName('a.jsonl.20260601T100000123Z.bak')).toBe('backup');
    expect(await readText(a, r.backup!)).toBe('broken\n');
    expect(await readText(a, P)).toBe('repaired\n');
    // A second backup in the same millisecond gets its own name.
    const r2 = await guardedSave(a, P, r.snapshot, enc('again\n'), { backup: true, now: at });
    expect(r2.backup).toBe('sessions/a.jsonl.20260601T100000123Z-1.bak');
    expect(await readText(a, r2.backup!)).toBe('repaired\n');
    expect(await readText(a, r.backup!)).toBe('broken\n');
  });

  it('a failed backup stops the save before the file is touched', async () => {
    const { a, snapshot } = await opened('broken\n');
    a.fail({ step: 'move', path: backupPath(P, new Date(0)) });
    const err = await storeErrorOf(guardedSave(a, P, snapshot, enc('repaired\n'), { backup: true, now: new Date(0) }));
    expect(err.code).toBe('io');
    expect(await readText(a, P)).toBe('broken\n');
    expect(a.paths()).toEqual([P]);
  });

  it('a failed save keeps the original and does not block the next save', async () => {
    const { a, snapshot } = await opened('orig\n');
    a.fail({ step: 'close' });
    await storeErrorOf(guardedSave(a, P, snapshot, enc('one\n')));
    expect(await readText(a, P)).toBe('orig\n');
    await guardedSave(a, P, snapshot, enc('two\n'));
    expect(await readText(a, P)).toBe('two\n');
  });
});

describe('per-file serialization', () => {
  it('two saves of one file never interleave, and the second sees the first', async () => {
    const { a, snapshot } = await opened('v0\n');
    const log: string[] = [];
    a.onStep(async (step, path) => {
      if (path.startsWith(P)) log.push(step);
      await new Promise((r) => setTimeout(r, 1)); // give the other save every chance to cut in
    });
    const first = guardedSave(a, P, snapshot, enc('v1\n'));
    const second = guardedSave(a, P, snapshot, enc('v2\n')); // same stale snapshot
    expect(isBusy(a, P)).toBe(true);
    await first;
    const err = await storeErrorOf(second);
    expect(err.code).toBe('conflict'); // not a silent overwrite of v1
    expect(await readText(a, P)).toBe('v1\n');
    const firstSave = log.slice(0, log.indexOf('move') + 1);
    expect(firstSave).toEqual(['stat', 'read', 'create-tmp', 'write', 'close', 'move']);
    expect(isBusy(a, P)).toBe(false);
    expect(a.paths()).toEqual([P]);
  });

  it('chained saves (each with the previous result) all land, in order', async () => {
    const { a, snapshot } = await opened('0');
    let snap = snapshot;
    const done: Promise<unknown>[] = [];
    for (let i = 1; i <= 5; i++) {
      done.push(
        guardedSave(a, P, snap, enc(String(i))).then((r) => {
          snap = r.snapshot;
        }),
      );
      await done.at(-1);
    }
    expect(await readText(a, P)).toBe('5');
  });

  it('different files are not serialized against each other', async () => {
    const a = createMemoryAdapter();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = serialize(a, 'x', async () => {
      await gate;
      order.push('x');
    });
    await serialize(a, 'y', async () => void order.push('y'));
    release();
    await slow;
    expect(order).toEqual(['y', 'x']);
  });

  it('a rejected task does not poison the queue', async () => {
    const a = createMemoryAdapter();
    const bad = serialize(a, 'x', async () => {
      throw new Error('boom');
    });
    const good = serialize(a, 'x', async () => 42);
    await expect(bad).rejects.toThrow('boom');
    await expect(good).resolves.toBe(42);
  });
});

describe('describeChanges and backup names', () => {
  it('is empty for identical content', () => {
    const s = { path: P, size: 1, lastModified: 1, sha256: 'ab' };
    expect(describeChanges(s, { ...s, lastModified: 2 })).toEqual([]);
  });
  it('stamps are portable names', () => {
    expect(backupStamp(new Date('2031-07-08T09:10:11.121Z'))).toBe('20310708T091011121Z');
  });
});

describe('guardedSave: progress and cancel (issue 27)', () => {
  it('writes in 4 MiB slices telling its progress, and the bytes on disk are those given', async () => {
    const { a, snapshot } = await opened();
    const big = new Uint8Array(9 * 1024 * 1024 + 5).fill(0x61);
    const seen: number[] = [];
    await guardedSave(a, P, snapshot, big, { onProgress: (p) => void seen.push(p.done) });
    expect(seen).toEqual([4 * 1024 * 1024, 8 * 1024 * 1024, big.length]);
    expect(a.getFile(P)!.length).toBe(big.length);
  });

  it('cancelled mid-write: the file untouched, the tmp removed, the backup it made removed', async () => {
    const { a, bytes, snapshot } = await opened();
    const ctl = new AbortController();
    const e = await storeErrorOf(guardedSave(a, P, snapshot, new Uint8Array(9 * 1024 * 1024), { backup: true, signal: ctl.signal, onProgress: () => ctl.abort(), tmpName: 'a.jsonl.tmp' }));
    expect(e.code).toBe('cancelled');
    expect(a.getFile(P)).toEqual(bytes);
    expect(a.paths()).toEqual([P]);
  });
});
