import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guardedSave } from '../../src/store/save/atomic-save';
import { readAll } from '../../src/store/adapter/bytes';
import { createNodeAdapter, fromNodeError } from '../../src/store/adapter/node-adapter';
import { readSnapshot } from '../../src/store/save/snapshot';
import { chunksOf } from '../../src/store/adapter/streamed-read';
import { detectLayout } from '../../src/store/listing/layout';
import { dec, enc, readText, storeErrorOf } from './helpers';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-node-'));
  fs.mkdirSync(path.join(dir, 'sessions'));
  fs.writeFileSync(path.join(dir, 'sessions/a.jsonl'), 'original\n');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('node adapter', () => {
  it('lists, stats, reads, reads the head', async () => {
    const a = createNodeAdapter(dir);
    fs.mkdirSync(path.join(dir, 'sessions/sub'));
    expect(await a.list('sessions')).toEqual([
      { name: 'a.jsonl', kind: 'file' },
      { name: 'sub', kind: 'directory' },
    ]);
    const st = await a.stat('sessions/a.jsonl');
    expect(st.size).toBe(9);
    expect(Number.isInteger(st.lastModified)).toBe(true);
    expect(await readText(a, 'sessions/a.jsonl')).toBe('original\n');
    expect(dec(await a.readHead('sessions/a.jsonl', 4))).toBe('orig');
    expect(dec(await a.readHead('sessions/a.jsonl', 1000))).toBe('original\n');
    const both = await a.statHead!('sessions/a.jsonl', 4);
    expect([both.stat, dec(both.head)]).toEqual([st, 'orig']);
    await expect(a.statHead!('sessions/none.jsonl', 4)).rejects.toMatchObject({ code: 'not-found' });
    await expect(a.statHead!('sessions/sub', 4)).rejects.toMatchObject({ code: 'io' });
  });

  it('reads a head into the buffer it is given, as a view of it, for a long file and a short one', async () => {
    const a = createNodeAdapter(dir);
    const into = new Uint8Array(16).fill(42);
    const cut = await a.statHead!('sessions/a.jsonl', 4, into);
    expect(cut.head.buffer).toBe(into.buffer);
    expect([cut.head.byteOffset, dec(cut.head), cut.stat.size]).toEqual([0, 'orig', 9]);
    const whole = await a.statHead!('sessions/a.jsonl', 16, into);
    expect(whole.head.buffer).toBe(into.buffer);
    expect([whole.head.length, dec(whole.head), dec(into.subarray(0, 9))]).toEqual([9, 'original\n', 'original\n']);
    expect(into[9]).toBe(42); // nothing past the file's end is touched
    // A buffer too small for the head is not used.
    const small = new Uint8Array(4);
    const fresh = await a.statHead!('sessions/a.jsonl', 9, small);
    expect(fresh.head.buffer).not.toBe(small.buffer);
    expect(dec(fresh.head)).toBe('original\n');
  });

  it('streams a multi-chunk file', async () => {
    const big = Buffer.alloc(300_000, 7);
    fs.writeFileSync(path.join(dir, 'big.jsonl'), big);
    const a = createNodeAdapter(dir);
    expect(Buffer.from(await readAll(await a.read('big.jsonl'))).equals(big)).toBe(true);
  });

  it('a streamed pass reads a file of several MiB into one buffer, again and again; a plain reader gets its own chunks', async () => {
    const big = Buffer.from(Array.from({ length: (5 << 20) / 4 + 3 }, (_, i) => i.toString(16).padStart(4, '0')).join(''));
    fs.writeFileSync(path.join(dir, 'big.jsonl'), big);
    const a = createNodeAdapter(dir);
    const seen: Buffer[] = [];
    for await (const c of chunksOf(await a.read('big.jsonl'))) {
      seen.push(Buffer.from(c)); // a copy: the next read reuses the memory
    }
    expect(Buffer.concat(seen).equals(big)).toBe(true);
    expect(seen.length).toBeGreaterThan(5);
    const plain = await readAll(await a.read('big.jsonl'));
    expect(Buffer.from(plain).equals(big)).toBe(true);
  });

  it('maps errno to typed errors and refuses to leave the root', async () => {
    const a = createNodeAdapter(dir);
    expect((await storeErrorOf(a.stat('sessions/none.jsonl'))).code).toBe('not-found');
    expect((await storeErrorOf(a.read('none'))).code).toBe('not-found');
    expect((await storeErrorOf(a.list('../'))).code).toBe('bad-name');
    expect((await storeErrorOf(a.writeAtomic('sessions/CON.jsonl', enc('x')))).code).toBe('bad-name');
    expect((await storeErrorOf(a.writeAtomic('nodir/x.jsonl', enc('x')))).code).toBe('not-found');
  });

  it('saves atomically (tmp + rename), keeps the file mode, leaves no tmp', async () => {
    const target = path.join(dir, 'sessions/a.jsonl');
    fs.chmodSync(target, 0o640);
    const a = createNodeAdapter(dir);
    await a.writeAtomic('sessions/a.jsonl', [enc('new '), enc('bytes\n')], { fsync: true });
    expect(fs.readFileSync(target, 'utf8')).toBe('new bytes\n');
    expect(fs.statSync(target).mode & 0o777).toBe(0o640);
    expect(fs.readdirSync(path.join(dir, 'sessions'))).toEqual(['a.jsonl']);
  });

  it('a failing content source leaves the target and removes the tmp', async () => {
    const a = createNodeAdapter(dir);
    async function* broken() {
      yield enc('half');
      throw new Error('nope');
    }
    const err = await storeErrorOf(a.writeAtomic('sessions/a.jsonl', broken()));
    expect(err.code).toBe('io');
    expect(fs.readFileSync(path.join(dir, 'sessions/a.jsonl'), 'utf8')).toBe('original\n');
    expect(fs.readdirSync(path.join(dir, 'sessions'))).toEqual(['a.jsonl']);
  });

  it('a target that is a folder fails at the rename, tmp removed', async () => {
    fs.mkdirSync(path.join(dir, 'sessions/d.jsonl'));
    fs.writeFileSync(path.join(dir, 'sessions/d.jsonl/keep'), 'k');
    const a = createNodeAdapter(dir);
    await storeErrorOf(a.writeAtomic('sessions/d.jsonl', enc('x')));
    expect(fs.readdirSync(path.join(dir, 'sessions')).sort()).toEqual(['a.jsonl', 'd.jsonl']);
  });

  it('maps a permission refusal from the OS to a permission error', () => {
    // Tests run as root, which ignores mode bits, so the OS error is built here rather than provoked.
    for (const code of ['EACCES', 'EPERM', 'EROFS']) {
      const e = Object.assign(new Error(`${code}: refused`), { code });
      expect(fromNodeError(e, 'sessions/a.jsonl', 'writing').code).toBe('permission');
    }
    expect(fromNodeError(Object.assign(new Error('full'), { code: 'ENOSPC' }), 'x', 'writing').reason).toEqual({ code: 'native', action: 'writing', fault: 'quota', name: 'ENOSPC', text: 'full' });
  });

  it('rename refuses to overwrite unless asked; remove deletes', async () => {
    const a = createNodeAdapter(dir);
    fs.writeFileSync(path.join(dir, 'sessions/b.jsonl'), 'b');
    expect((await storeErrorOf(a.rename('sessions/a.jsonl', 'sessions/b.jsonl'))).code).toBe('conflict');
    await a.rename('sessions/a.jsonl', 'sessions/b.jsonl', { overwrite: true });
    expect(fs.readFileSync(path.join(dir, 'sessions/b.jsonl'), 'utf8')).toBe('original\n');
    await a.remove('sessions/b.jsonl');
    expect(fs.readdirSync(path.join(dir, 'sessions'))).toEqual([]);
  });

  it('guarded save sees an outside change made with fs', async () => {
    const a = createNodeAdapter(dir);
    const { snapshot } = await readSnapshot(a, 'sessions/a.jsonl');
    fs.writeFileSync(path.join(dir, 'sessions/a.jsonl'), 'changed by nanobot\n');
    const err = await storeErrorOf(guardedSave(a, 'sessions/a.jsonl', snapshot, enc('mine')));
    expect(err.code).toBe('conflict');
    expect(err.reason.code === 'changed-since-read' && err.reason.changes[0]).toEqual({ code: 'size', from: 9, to: 19 });
    const fresh = await readSnapshot(a, 'sessions/a.jsonl');
    const r = await guardedSave(a, 'sessions/a.jsonl', fresh.snapshot, enc('mine\n'), { backup: true, fsync: true });
    expect(fs.readFileSync(path.join(dir, r.backup!), 'utf8')).toBe('changed by nanobot\n');
    expect(fs.readFileSync(path.join(dir, 'sessions/a.jsonl'), 'utf8')).toBe('mine\n');
  });

  it('detects a workspace on disk', async () => {
    const l = await detectLayout(createNodeAdapter(dir), path.basename(dir));
    expect(l.kind).toBe('workspace');
    expect(l.folders[0].sessions).toEqual(['a.jsonl']);
  });

  it('property: arbitrary bytes round-trip byte for byte', async () => {
    const a = createNodeAdapter(dir);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 4096 }), { maxLength: 6 }), async (chunks) => {
        await a.writeAtomic('sessions/p.jsonl', chunks);
        const want = Buffer.concat(chunks);
        expect(fs.readFileSync(path.join(dir, 'sessions/p.jsonl')).equals(want)).toBe(true);
        expect(Buffer.from(await readAll(await a.read('sessions/p.jsonl'))).equals(want)).toBe(true);
      }),
      { numRuns: 50 },
    );
    expect(fs.readdirSync(path.join(dir, 'sessions')).sort()).toEqual(['a.jsonl', 'p.jsonl']);
  });
});
